import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import buttons from '../components/ui/button.module.css';
import styles from '../features/courses/components/courses.module.css';
import { playlistLabel } from '../features/playlists/playlist-label';
import {
  playlistPlayTexts as texts,
  playlistWatchUrl,
} from '../features/playlists/playlist-play-texts';
import { usePlaylists } from '../state/use-store';
import { NextCountdown } from './next-countdown';
import { useCourseLeads } from './watch-course';

interface WatchPlaylistProps {
  videoId: string;
  /** How many times the video played to its end here: each end starts the countdown again. */
  endings: number;
}

/**
 * The watch page opened from a playlist (`/watch/:id?list=<playlistId>`, issue 30): the playlist
 * beside the player as a course is (watch-course.tsx), its videos with this one highlighted,
 * 'n / N', Previous / Next (keeping the playlist), and after the video ended the next one after a
 * countdown the user can cancel. Nothing without `?list=`, or for a playlist the user has not.
 * With a course in the address too, the course's Next and countdown are the only ones
 * (useCourseLeads); the playlist's videos stay listed.
 */
export function WatchPlaylist(props: WatchPlaylistProps) {
  const [params] = useSearchParams();
  const playlistId = params.get('list');
  if (!playlistId) return null;
  return <PlaylistBeside playlistId={playlistId} {...props} />;
}

function PlaylistBeside({
  playlistId,
  videoId,
  endings,
}: WatchPlaylistProps & { playlistId: string }) {
  // The countdown of the latest ending shows until the user cancels it.
  const [cancelled, setCancelled] = useState(0);
  const playlist = usePlaylists().state.playlists.find((item) => item._id === playlistId);
  const courseLeads = useCourseLeads(videoId);
  const headingId = useId();
  // A long playlist scrolls inside its box to the video playing (the page stays put).
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const box = list.current?.parentElement;
    const current = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !current) return;
    const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top;
    box.scrollTop += top - box.clientHeight / 3;
  }, [playlist, videoId]);
  if (!playlist) return null;
  const { videos } = playlist;
  const label = playlistLabel(playlist.title);
  const at = videos.findIndex((video) => video._id === videoId);
  const previous = at > 0 ? videos[at - 1] : undefined;
  const next = at >= 0 && !courseLeads ? videos[at + 1] : undefined;
  return (
    <section className={styles.beside} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.besideTitle}>
        <Link to={`/playlist/${encodeURIComponent(playlist._id)}`}>{label}</Link>
      </h2>
      {at >= 0 && <p className={styles.meta}>{texts.position(at + 1, videos.length)}</p>}
      {next && endings > cancelled && (
        <NextCountdown
          key={endings}
          title={next.title}
          to={playlistWatchUrl(next._id, playlist._id)}
          onCancel={() => setCancelled(endings)}
        />
      )}
      {!courseLeads && (
        <nav className={styles.actions} aria-label={`${label}: previous and next`}>
          {previous && (
            <Link
              to={playlistWatchUrl(previous._id, playlist._id)}
              className={`${buttons.button} ${styles.small}`}
            >
              <ChevronLeft aria-hidden size={16} />
              {texts.previous}
            </Link>
          )}
          {next && (
            <Link
              to={playlistWatchUrl(next._id, playlist._id)}
              className={`${buttons.primary} ${styles.small}`}
            >
              {texts.next}
              <ChevronRight aria-hidden size={16} />
            </Link>
          )}
        </nav>
      )}
      <div className={styles.besideLessons}>
        <ol ref={list} className={styles.lessons} aria-label={`${label}: videos`}>
          {videos.map((video, index) => {
            const current = video._id === videoId;
            return (
              <li
                key={video._id}
                className={current ? `${styles.lesson} ${styles.current}` : styles.lesson}
              >
                <Link
                  to={playlistWatchUrl(video._id, playlist._id)}
                  className={styles.lessonLink}
                  aria-current={current ? 'page' : undefined}
                >
                  <span className={styles.number} aria-hidden>
                    {index + 1}.
                  </span>
                  <span>{video.title}</span>
                </Link>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
