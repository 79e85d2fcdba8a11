import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionName } from '../data/library';
import { setLessonDone } from '../features/courses/courses-service';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import buttons from '../components/ui/button.module.css';
import { courseRead } from '../data/course-reads';
import { CourseLessons } from '../features/courses/components/course-lessons';
import { CourseProgressBar } from '../features/courses/components/course-progress-bar';
import styles from '../features/courses/components/courses.module.css';
import {
  courseTexts,
  courseUrl,
  lessonPosition,
  lessonUrl,
} from '../features/courses/course-texts';
import { useCourseProgress } from '../features/courses/use-course-progress';
import { useVideos } from '../state/use-store';
import { NextCountdown } from './next-countdown';

/**
 * The watch page opened from a course (`/watch/:id?course=<slug>`, issue 30): the course beside
 * the player, its lessons with this one highlighted, 'Lesson 3 of 12', Previous / Next lesson
 * (keeping the course), and Mark done; when the lesson ends, the next one after a countdown the
 * user can cancel. Nothing without `?course=`.
 */
export function WatchCourse({ videoId, endings = 0 }: { videoId: string; endings?: number }) {
  const [params] = useSearchParams();
  const slug = params.get('course');
  if (!slug) return null;
  return <CourseBeside slug={slug} videoId={videoId} endings={endings} />;
}

/**
 * Whether the course leads the watch page: an address with both `?list=` and `?course=` shows one
 * countdown and one Next, the course's when it holds this video (the user came to learn in order;
 * the playlist stays beside it as a list). While the course loads it is taken to lead, so no Next
 * shows and then goes; one that failed to load or lacks the video leaves it to the playlist.
 */
export function useCourseLeads(videoId: string): boolean {
  const [params] = useSearchParams();
  const slug = params.get('course');
  const { data, isError } = useQuery({ ...courseRead(slug ?? ''), enabled: slug !== null });
  if (slug === null || isError) return false;
  if (!data) return true;
  return data.course.sections.some((section) =>
    section.lessons.some((lesson) => lesson._id === videoId),
  );
}

/**
 * What the watch page calls when a video plays to its end: opened from a course, the lesson is
 * marked done (the page keeps the end position of a video of known length, which counts it
 * watched too; of one of unknown length it keeps none). Quiet: the mark is a convenience.
 */
export function useLessonEnded(): (videoId: string) => void {
  const [params] = useSearchParams();
  const slug = params.get('course');
  const session = useSessionName();
  const client = useQueryClient();
  return (videoId) => {
    if (!slug || session === null) return;
    const course = client.getQueryData(courseRead(slug).queryKey)?.course;
    const lesson = course?.sections.some((section) =>
      section.lessons.some((video) => video._id === videoId),
    );
    if (lesson) void setLessonDone(client, session, slug, videoId, true, { quiet: true });
  };
}

/**
 * `endings`: how many times the lesson played to its end here; each starts a countdown to the
 * next lesson (next-countdown.tsx), shown until cancelled, as a playlist's.
 */
function CourseBeside({
  slug,
  videoId,
  endings,
}: {
  slug: string;
  videoId: string;
  endings: number;
}) {
  const [cancelled, setCancelled] = useState(0);
  const { data } = useQuery(courseRead(slug));
  const { signedIn, progress, setDone, busy } = useCourseProgress(slug);
  const headingId = useId();
  const client = useQueryClient();
  // A position the player saved may make a lesson watched: the progress is asked again.
  const { progress: positions } = useVideos().state;
  const positionsSeen = useRef(positions);
  useEffect(() => {
    if (positionsSeen.current === positions) return;
    positionsSeen.current = positions;
    void client.invalidateQueries({ queryKey: ['GET /api/user/courses/{slug}'] });
  }, [positions, client]);
  const course = data?.course;
  // A long course's list scrolls inside its box to the lesson playing (the page stays put).
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = list.current;
    const current = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !current) return;
    const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top;
    box.scrollTop += top - box.clientHeight / 3;
  }, [course, videoId]);
  // A course that failed to load or is gone leaves the watch page as it is.
  if (!course) return null;
  const lessons = course.sections.flatMap((section) => section.lessons);
  const at = lessons.findIndex((lesson) => lesson._id === videoId);
  const previous = at > 0 ? lessons[at - 1] : undefined;
  const next = at >= 0 ? lessons[at + 1] : undefined;
  return (
    <section className={styles.beside} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.besideTitle}>
        <Link to={courseUrl(course.slug)}>{course.title}</Link>
      </h2>
      {at >= 0 && <p className={styles.meta}>{lessonPosition(at + 1, lessons.length)}</p>}
      {progress && (
        <CourseProgressBar
          done={progress.doneCount}
          total={progress.lessonCount}
          label={`${course.title}: progress`}
        />
      )}
      {next && endings > cancelled && (
        <NextCountdown
          key={endings}
          title={next.title}
          to={lessonUrl(next._id, course.slug)}
          onCancel={() => setCancelled(endings)}
        />
      )}
      <nav className={styles.actions} aria-label={`${course.title}: lessons`}>
        {previous && (
          <Link
            to={lessonUrl(previous._id, course.slug)}
            className={`${buttons.button} ${styles.small}`}
          >
            <ChevronLeft aria-hidden size={16} />
            {courseTexts.previous}
          </Link>
        )}
        {next && (
          <Link
            to={lessonUrl(next._id, course.slug)}
            className={`${buttons.primary} ${styles.small}`}
          >
            {courseTexts.next}
            <ChevronRight aria-hidden size={16} />
          </Link>
        )}
      </nav>
      <div ref={list} className={styles.besideLessons}>
        <CourseLessons
          course={course}
          progress={progress}
          currentVideoId={videoId}
          onSetDone={signedIn ? setDone : undefined}
          busy={busy}
          headingLevel={3}
        />
      </div>
    </section>
  );
}
