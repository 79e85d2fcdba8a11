import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import type { CourseDetail, CourseProgressDetail, LessonState } from '../../../../contract/courses';
import buttons from '../../../components/ui/button.module.css';
import { courseTexts, lessonUrl } from '../course-texts';
import styles from './courses.module.css';
import { VideoDuration } from '../../../components/ui/video-duration';

interface CourseLessonsProps {
  course: CourseDetail;
  /** The signed-in user's progress; absent signed out (no states, no controls). */
  progress?: CourseProgressDetail;
  /** The lesson playing (the watch page): highlighted, `aria-current`. */
  currentVideoId?: string;
  /** Mark done / undo, per lesson; absent: no controls. */
  onSetDone?: (videoId: string, done: boolean) => void;
  /** Lessons whose mark is on its way. */
  busy?: ReadonlySet<string>;
  /** The level of the sections' headings (the course's own heading is one above). */
  headingLevel?: 2 | 3;
}

/**
 * A course's lessons in order, section by section, numbered across the course: each a link to
 * the lesson (the course kept beside the player), its done or watched state, and Mark done / Undo
 * done when the user may mark it.
 */
export function CourseLessons({
  course,
  progress,
  currentVideoId,
  onSetDone,
  busy,
  headingLevel = 2,
}: CourseLessonsProps) {
  const states = new Map<string, LessonState>(
    (progress?.lessons ?? []).map((lesson) => [lesson.videoId, lesson]),
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Each section's first lesson number, counted across the course.
  const starts = course.sections.map((_, index) =>
    course.sections.slice(0, index).reduce((sum, section) => sum + section.lessons.length, 1),
  );
  return (
    <div>
      {course.sections.map((section, index) => {
        const start = starts[index] ?? 1;
        if (section.lessons.length === 0) return null;
        return (
          <div key={index}>
            {section.title !== undefined && (
              <Heading className={styles.sectionTitle}>{section.title}</Heading>
            )}
            <ol className={styles.lessons} start={start} aria-label={section.title}>
              {section.lessons.map((video, offset) => {
                const state = states.get(video._id);
                const current = video._id === currentVideoId;
                return (
                  <li
                    key={video._id}
                    className={current ? `${styles.lesson} ${styles.current}` : styles.lesson}
                  >
                    <Link
                      to={lessonUrl(video._id, course.slug)}
                      className={styles.lessonLink}
                      aria-current={current ? 'page' : undefined}
                    >
                      <span className={styles.number} aria-hidden>
                        {start + offset}.
                      </span>
                      <span>{video.title}</span>
                      {/* A space, so the link reads 'Title 12 minutes, 5 seconds'. */}
                      {video.duration !== undefined && ' '}
                      {video.duration !== undefined && (
                        <span className={styles.length}>
                          <VideoDuration seconds={video.duration} variant="inline" />
                        </span>
                      )}
                    </Link>
                    {state?.done && (
                      <span className={styles.state}>
                        <CheckCircle2 aria-hidden size={16} />
                        {state.marked ? courseTexts.done : courseTexts.watched}
                      </span>
                    )}
                    {onSetDone && state && !state.watched && (
                      <button
                        type="button"
                        className={`${buttons.button} ${styles.small}`}
                        aria-label={`${state.marked ? courseTexts.undo : courseTexts.markDone}: ${video.title}`}
                        // Not disabled while its call runs: the focus stays on it.
                        aria-busy={busy?.has(video._id) || undefined}
                        onClick={() => onSetDone(video._id, !state.marked)}
                      >
                        {state.marked ? courseTexts.undo : courseTexts.markDone}
                      </button>
                    )}
                  </li>
                );
              })}
            </ol>
          </div>
        );
      })}
    </div>
  );
}
