import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { GraduationCap } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state';
import { PageHeading } from '../components/ui/page-heading';
import { coursesRead, userCoursesRead } from '../data/course-reads';
import { useSessionName } from '../data/library';
import { CourseProgressBar } from '../features/courses/components/course-progress-bar';
import styles from '../features/courses/components/courses.module.css';
import { courseSize, courseTexts, courseUrl } from '../features/courses/course-texts';
import { useScreenTitle } from '../lib/use-screen-title';
import { LoadState } from './load-state';

/** /courses (issue 30): every course, its lesson count and, signed in, the user's progress. */
export default function CoursesPage() {
  useScreenTitle('courses');
  const { data, error, isFetching, refetch } = useQuery(coursesRead());
  const session = useSessionName();
  const { data: mine } = useQuery({
    ...userCoursesRead(session ?? ''),
    enabled: session !== null,
  });
  const progress = new Map((session === null ? [] : (mine?.courses ?? [])).map((c) => [c.slug, c]));
  const failure = !data && !isFetching ? error : null;
  return (
    <>
      <PageHeading title={courseTexts.heading} />
      <LoadState loading={!data && !failure} error={failure} onRetry={() => void refetch()}>
        {data?.courses.length === 0 ? (
          <EmptyState icon={GraduationCap} title={courseTexts.emptyTitle}>
            {courseTexts.empty}
          </EmptyState>
        ) : (
          <ul className={styles.list}>
            {data?.courses.map((course) => {
              const started = progress.get(course.slug);
              return (
                <li key={course.slug}>
                  <article className={styles.card}>
                    <h2 className={styles.cardTitle}>
                      <Link to={courseUrl(course.slug)}>{course.title}</Link>
                    </h2>
                    {course.description !== '' && (
                      <p className={styles.description}>{course.description}</p>
                    )}
                    <p className={styles.meta}>{courseSize(course)}</p>
                    {started && (
                      <CourseProgressBar
                        done={started.doneCount}
                        total={started.lessonCount}
                        label={`${course.title}: progress`}
                      />
                    )}
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </LoadState>
    </>
  );
}
