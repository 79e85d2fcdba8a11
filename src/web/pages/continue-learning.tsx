import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import buttons from '../components/ui/button.module.css';
import { userCoursesRead } from '../data/course-reads';
import { useSessionName } from '../data/library';
import { CourseProgressBar } from '../features/courses/components/course-progress-bar';
import styles from '../features/courses/components/courses.module.css';
import { continueText, courseTexts, courseUrl, lessonUrl } from '../features/courses/course-texts';
import {
  continueLearningExpected,
  rememberContinueLearning,
} from '../features/courses/courses-service';

/** How many started courses Home shows. */
const CONTINUE_LIMIT = 4;

/**
 * Home's 'Continue learning' (issue 30): the courses a signed-in user started, the most recently
 * studied first, each with its progress and a link to its next lesson; nothing for a user who
 * started none. While they load, the row holds the place of as many cards as the last visit
 * showed (cards of one height), so what follows it never jumps.
 */
export function ContinueLearning() {
  const session = useSessionName();
  const [expected] = useState(continueLearningExpected);
  const { data, isError } = useQuery({
    ...userCoursesRead(session ?? ''),
    enabled: session !== null,
  });
  const courses = session === null ? [] : (data?.courses ?? []).slice(0, CONTINUE_LIMIT);
  const loaded = data !== undefined;

  useEffect(() => {
    if (session !== null && loaded) rememberContinueLearning(courses.length);
  }, [session, loaded, courses.length]);

  const waiting = session !== null && !loaded && !isError && expected > 0;
  if (!waiting && courses.length === 0) return null;
  return (
    <section aria-labelledby="continue-learning" className={styles.continue}>
      <h2 id="continue-learning" className={styles.cardTitle}>
        {courseTexts.continueLearning}
      </h2>
      {waiting ? (
        <div role="status" className={styles.row}>
          <span className="visually-hidden">Loading…</span>
          {Array.from({ length: Math.min(expected, CONTINUE_LIMIT) }, (_, index) => (
            <div key={index} className={`${styles.card} ${styles.rowCard}`} aria-hidden />
          ))}
        </div>
      ) : (
        <ul className={styles.row} aria-label={courseTexts.continueLearning}>
          {courses.map((course) => (
            <li key={course.slug}>
              <article className={`${styles.card} ${styles.rowCard}`}>
                <h3 className={`${styles.cardTitle} ${styles.clamped}`}>
                  <Link to={courseUrl(course.slug)}>{course.title}</Link>
                </h3>
                <CourseProgressBar
                  done={course.doneCount}
                  total={course.lessonCount}
                  label={`${course.title}: progress`}
                />
                {course.nextLesson !== undefined && (
                  <Link
                    to={lessonUrl(course.nextLesson, course.slug)}
                    className={`${buttons.button} ${styles.small}`}
                    aria-label={`${continueText(course.nextLessonNumber ?? 1)} — ${course.title}`}
                  >
                    {continueText(course.nextLessonNumber ?? 1)}
                  </Link>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
