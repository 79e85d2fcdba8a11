import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import buttons from '../components/ui/button.module.css';
import { EmptyState } from '../components/ui/empty-state';
import { PageHeading } from '../components/ui/page-heading';
import { courseRead } from '../data/course-reads';
import { CourseLessons } from '../features/courses/components/course-lessons';
import { CourseProgressBar } from '../features/courses/components/course-progress-bar';
import styles from '../features/courses/components/courses.module.css';
import { continueText, courseTexts, courseSize, lessonUrl } from '../features/courses/course-texts';
import { useCourseProgress } from '../features/courses/use-course-progress';
import { ApiRequestError } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { useRouteParam } from '../lib/use-route-param';
import { LoadState } from './load-state';

/**
 * /course/:slug (issue 30): the course's sections and lessons in order, each with its done or
 * watched state and, signed in, Mark done / Undo done; 'Start course' or 'Continue: lesson N'.
 */
export default function CoursePage() {
  const slug = useRouteParam('/course/:slug', 'slug');
  const { data, error, isFetching, refetch } = useQuery(courseRead(slug));
  const course = data?.course;
  const { signedIn, progress, setDone, busy } = useCourseProgress(slug);
  const failure = !course && !isFetching ? error : null;
  const notFound = failure instanceof ApiRequestError && failure.status === 404;
  useDocumentTitle(course ? course.title : notFound ? courseTexts.notFoundTitle : undefined);
  if (notFound) {
    return (
      <EmptyState
        icon={SearchX}
        title={courseTexts.notFoundTitle}
        headingLevel={1}
        action={
          <Link to="/courses" className={buttons.primary}>
            {courseTexts.heading}
          </Link>
        }
      >
        {courseTexts.notFound}
      </EmptyState>
    );
  }
  const first = course?.sections.flatMap((section) => section.lessons)[0];
  const started = progress?.updatedAt !== undefined;
  const complete = progress !== undefined && progress.lessonCount > 0 && !progress.nextLesson;
  return (
    <LoadState loading={!course && !failure} error={failure} onRetry={() => void refetch()}>
      {course && (
        <>
          <PageHeading title={course.title} />
          {course.description !== '' && <p className={styles.description}>{course.description}</p>}
          <p className={styles.meta}>{courseSize(course)}</p>
          {progress && (
            <CourseProgressBar
              done={progress.doneCount}
              total={progress.lessonCount}
              label={`${course.title}: progress`}
            />
          )}
          <div className={styles.actions}>
            {started && progress?.nextLesson !== undefined ? (
              <Link to={lessonUrl(progress.nextLesson, course.slug)} className={buttons.primary}>
                {continueText(progress.nextLessonNumber ?? 1)}
              </Link>
            ) : (
              first && (
                <>
                  {complete && <strong>{courseTexts.complete}</strong>}
                  <Link
                    to={lessonUrl(first._id, course.slug)}
                    className={complete ? buttons.button : buttons.primary}
                  >
                    {complete ? courseTexts.again : courseTexts.start}
                  </Link>
                </>
              )
            )}
            {!signedIn && (
              <span className={styles.meta}>
                <Link to="/login">Log in</Link> to keep your progress and mark lessons done.
              </span>
            )}
          </div>
          <CourseLessons
            course={course}
            progress={progress}
            onSetDone={signedIn ? setDone : undefined}
            busy={busy}
          />
        </>
      )}
    </LoadState>
  );
}
