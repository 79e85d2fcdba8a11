import { memo, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Clock, ListPlus, ThumbsUp, VideoOff } from 'lucide-react';
import type { Video } from '../../contract/entities';
import buttons from '../components/ui/button.module.css';
import { EmptyState } from '../components/ui/empty-state';
import { LibraryFailure } from '../components/ui/library-failure';
import { parseChapters } from '../features/chapters/chapters';
import { ChapterList } from '../features/chapters/components/chapter-list';
import { DescriptionText } from '../features/chapters/components/description-text';
import { likesTexts, toggleLike } from '../features/likes/likes-service';
import { formatTime } from '../lib/format';
import { NotesPanel } from '../features/notes/components/notes-panel';
import { TranscriptPanel } from '../features/transcript/components/transcript-panel';
import { parseStartTime } from '../features/transcript/transcript-text';
import { PinnablePlayer } from '../features/player/components/pinnable-player';
import { PlaybackSpeed } from '../features/player/components/playback-speed';
import { useMiniPlayer } from '../features/player/use-mini-player';
import { usePlayerKeys } from '../features/player/use-player-keys';
import { loadPlaybackRate, savePlaybackRate } from '../features/player/playback-rate';
import { PlayerContext } from '../lib/player-context';
import { useYouTubePlayer } from '../features/player/use-youtube-player';
import {
  MIN_RESUME_SECONDS,
  clearProgress,
  saveProgress,
} from '../features/progress/progress-service';
import { useSaveToPlaylist } from '../features/playlists/components/save-to-playlist-context';
import { playlistTexts } from '../features/playlists/playlist-texts';
import { ChannelAvatar } from '../features/videos/components/channel-avatar';
import { Thumbnail } from '../features/videos/components/thumbnail';
import { VideoDuration } from '../components/ui/video-duration';
import { channelPageUrl } from '../features/videos/video-paths';
import {
  addToWatchLater,
  removeFromWatchLater,
  watchLaterTexts,
} from '../features/watch-later/watch-later-service';
import { videoRead } from '../data/reads';
import { ApiRequestError } from '../lib/api-client';
import { formatAge, formatCount } from '../lib/format';
import { LIKE_KEY, useShortcut } from '../lib/shortcuts';
import { useHydrated } from '../lib/use-hydrated';
import { useDocumentTitle } from '../lib/use-document-title';
import { useOptimisticState } from '../lib/use-optimistic-state';
import { useRouteParam } from '../lib/use-route-param';
import { SessionPendingContext } from '../state/store-context';
import { useAuth, useVideos } from '../state/use-store';
import { finished } from '../state/watched';
import { EmbedFallback } from './embed-fallback';
import { LoadState } from './load-state';
import styles from './pages.module.css';
import { UpNext } from './up-next';
import { useLessonEnded, WatchCourse } from './watch-course';
import { WatchPlaylist } from './watch-playlist';
import { useRecordPlay } from './use-record-play';
import { useRequireLogin } from './use-require-login';

/** product §2's watch page: the player and everything a learner does with the video. */
export default function WatchPage() {
  const videoId = useRouteParam('/watch/:videoId', 'videoId');
  // Asked again by the cache when the connection comes back after it failed; 'Try again' shows
  // it loading until the answer comes.
  const { data, error, isFetching, refetch } = useQuery(videoRead(videoId));
  const video = data?.video;
  const failure = !video && !isFetching ? error : null;
  const notFound = failure instanceof ApiRequestError && failure.status === 404;
  useDocumentTitle(video ? video.title : notFound ? 'Video not found' : undefined);
  if (notFound) {
    return (
      <EmptyState icon={VideoOff} title="Video not found" headingLevel={1}>
        This video does not exist or is no longer in the catalogue.
      </EmptyState>
    );
  }
  return (
    <LoadState loading={!video && !failure} error={failure} onRetry={() => void refetch()}>
      {video && <WatchVideo key={video._id} video={video} />}
    </LoadState>
  );
}

function WatchVideo({ video }: { video: Video }) {
  const { state: auth } = useAuth();
  const { state, dispatch } = useVideos();
  const openSaveToPlaylist = useSaveToPlaylist();
  const iframe = useRef<HTMLIFrameElement>(null);
  // While a note is written below the fold, the player is pinned to a corner (issue 30).
  const playerSlot = useRef<HTMLDivElement>(null);
  const notesArea = useRef<HTMLDivElement>(null);
  const miniPlayer = useMiniPlayer(playerSlot, notesArea);
  // `?t=80` or `?t=1m20s` on the address starts there (a transcript match, a shared moment).
  const [params] = useSearchParams();
  const [startAt] = useState(() => parseStartTime(params.get('t')));
  const moment = params.get('t');
  const firstMoment = useRef(moment);
  const [storedRate, setPlaybackRate] = useState(loadPlaybackRate);
  // The server's HTML has no frame (its address is the browser's) and the normal speed: the
  // thumbnail stands in until the page is the app's and, signed in, the user's positions are in
  // (the frame starts where they stopped, and its address cannot change without a reload).
  const hydrated = useHydrated();
  const sessionPending = useContext(SessionPendingContext);
  const playerReady =
    hydrated && !sessionPending && !(auth.isLoggedIn && state.library.progress.loading);
  const playbackRate = hydrated ? storedRate : 1;
  // Chosen once, when the frame is first drawn. A video watched to its end starts again.
  const [resumeAt, setResumeAt] = useState<number>();
  if (playerReady && resumeAt === undefined) {
    const saved = state.progress.find((item) => item.videoId === video._id);
    const resumable = saved && !finished(saved, video.duration) ? saved.seconds : 0;
    setResumeAt(resumable >= MIN_RESUME_SECONDS ? Math.floor(resumable) : 0);
  }
  const recordPlay = useRecordPlay(video);
  const lessonEnded = useLessonEnded();
  // Each time the video plays to its end: a playlist's or course's next one counts down.
  const [endings, setEndings] = useState(0);
  const [embedFailed, setEmbedFailed] = useState(false);
  const player = useYouTubePlayer(iframe, playerReady ? video._id : undefined, {
    onPlaying: recordPlay,
    onUnavailable: () => setEmbedFailed(true),
    onProgress: (seconds, duration) => {
      if (auth.isLoggedIn) void saveProgress(video._id, seconds, dispatch, duration);
    },
    onEnded: (duration) => {
      // Kept at its end rather than forgotten: the video's cards, its playlist and its course show
      // it watched, and it leaves Continue watching. Of unknown length, there is nothing to show.
      const end = duration ?? video.duration;
      if (auth.isLoggedIn && end !== undefined) void saveProgress(video._id, end, dispatch, end);
      else if (auth.isLoggedIn) void clearProgress(video._id, dispatch);
      lessonEnded(video._id);
      setEndings((count) => count + 1);
    },
    onPlaybackRateChange: (rate) => {
      setPlaybackRate(rate);
      savePlaybackRate(rate);
    },
  });
  // Another `t=` on the same video (Back, a moment's link) seeks there: the first started the frame.
  useEffect(() => {
    if (moment === firstMoment.current) return;
    firstMoment.current = moment;
    const at = parseStartTime(moment);
    if (at !== undefined) player.seekTo(at);
  }, [moment, player]);
  const changePlaybackRate = (rate: number) => {
    setPlaybackRate(rate);
    savePlaybackRate(rate);
    player.setPlaybackRate(rate);
  };
  const chapters = useMemo(() => parseChapters(video.description), [video.description]);
  const embed = new URL(`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video._id)}`);
  embed.searchParams.set('autoplay', '1');
  embed.searchParams.set('enablejsapi', '1');
  if (hydrated) embed.searchParams.set('origin', window.location.origin);
  if (startAt !== undefined) embed.searchParams.set('start', String(startAt));
  else if (resumeAt) embed.searchParams.set('start', String(resumeAt));
  const stored = {
    liked: state.likedVideos.some((item) => item._id === video._id),
    inWatchLater: state.watchLater.some((item) => item._id === video._id),
  };
  // Like and Watch later change at once; while the call runs the buttons show the outcome, and
  // when it fails they fall back to what the store holds (the failure toasts as before).
  // Each change merges into the shown state, so a like and a save on their way at once both show.
  const [shown, change] = useOptimisticState(stored);
  const { liked, inWatchLater } = shown;
  // A button whose call is on its way ignores presses until it is answered.
  const likeBusy = liked !== stored.liked;
  const watchLaterBusy = inWatchLater !== stored.inWatchLater;
  // Until the user's likes (or watch later list) are in, the button cannot tell what a press
  // would do: it waits, busy while they load, and after a failure until 'Try again' brings them.
  const { likes: likesLoad, watchLater: watchLaterLoad } = state.library;
  const likesUnknown = likesLoad.loading || likesLoad.error !== null;
  const watchLaterUnknown = watchLaterLoad.loading || watchLaterLoad.error !== null;

  const whenLoggedIn = useRequireLogin();
  const handleLike = whenLoggedIn(() => {
    if (likeBusy || likesUnknown) return;
    change({ liked: !stored.liked }, () => toggleLike(video, stored.liked, dispatch));
  });
  const handleWatchLater = whenLoggedIn(() => {
    if (watchLaterBusy || watchLaterUnknown) return;
    change({ inWatchLater: !stored.inWatchLater }, () =>
      stored.inWatchLater
        ? removeFromWatchLater(video, dispatch)
        : addToWatchLater(video, dispatch),
    );
  });
  // Shift+L: YouTube's own l moves on 10 s (usePlayerKeys).
  useShortcut(LIKE_KEY, handleLike);
  usePlayerKeys(player, iframe);
  useShortcut('w', handleWatchLater);

  return (
    <div className={styles.watch}>
      <article className={styles.watchVideo}>
        <PinnablePlayer
          slotRef={playerSlot}
          className={styles.player}
          pinned={miniPlayer.pinned}
          onClose={miniPlayer.close}
        >
          {playerReady ? (
            <iframe
              ref={iframe}
              src={embed.href}
              title={video.title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            <Thumbnail videoId={video._id} priority />
          )}
          {embedFailed && <EmbedFallback video={video} />}
        </PinnablePlayer>
        <h1 className={styles.videoTitle}>{video.title}</h1>
        <p className={styles.muted}>
          {formatCount(video.views)} views · {formatAge(video.uploadedOn)}
          {video.duration !== undefined && (
            <>
              {' · '}
              <VideoDuration seconds={video.duration} variant="inline" />
            </>
          )}
          {startAt === undefined && resumeAt ? ` · Resuming at ${formatTime(resumeAt)}` : null}
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={liked ? buttons.active : buttons.button}
            aria-pressed={liked}
            aria-busy={likeBusy || likesLoad.loading}
            disabled={likesUnknown}
            onClick={handleLike}
          >
            <ThumbsUp aria-hidden size={18} />
            <SteadyLabel
              shown={liked ? likesTexts.liked : likesTexts.like}
              labels={[likesTexts.like, likesTexts.liked]}
            />
          </button>
          <button
            type="button"
            className={buttons.button}
            aria-busy={watchLaterBusy || watchLaterLoad.loading}
            disabled={watchLaterUnknown}
            onClick={handleWatchLater}
          >
            <Clock aria-hidden size={18} />
            <SteadyLabel
              shown={inWatchLater ? watchLaterTexts.remove : watchLaterTexts.save}
              labels={[watchLaterTexts.save, watchLaterTexts.remove]}
            />
          </button>
          <button
            type="button"
            className={buttons.button}
            onClick={whenLoggedIn(() => openSaveToPlaylist(video))}
          >
            <ListPlus aria-hidden size={18} />
            {playlistTexts.save}
          </button>
          <PlaybackSpeed rate={playbackRate} onChange={changePlaybackRate} />
        </div>
        <LibraryFailure lists={['likes', 'watchLater', 'progress']} />
        <Link className={styles.channel} to={channelPageUrl(video.channelName)}>
          <ChannelAvatar name={video.channelName} src={video.avatar} />
          {video.channelName}
        </Link>
        <p className={styles.description}>
          <DescriptionText text={video.description} videoId={video._id} onSeek={player.seekTo} />
        </p>
        <ChapterList chapters={chapters} onSeek={player.seekTo} currentTime={player.currentTime} />
      </article>
      <div className={styles.watchNotes} ref={notesArea}>
        <PlayerContext.Provider value={player}>
          <WatchNotes videoId={video._id} />
        </PlayerContext.Provider>
      </div>
      <div className={styles.watchNext}>
        <WatchNext videoId={video._id} endings={endings} />
      </div>
    </div>
  );
}

/*
 * The panels under and beside the player depend on the video (and the player, by context) only.
 * The player's region renders again as its frame comes in after the hydration, as a like or a
 * speed changes; memoized, these panels (Up next's cards, the notes, the transcript) are not
 * drawn again with it, in the same task.
 */
const WatchNotes = memo(function WatchNotes({ videoId }: { videoId: string }) {
  return (
    <>
      <TranscriptPanel videoId={videoId} />
      <NotesPanel videoId={videoId} />
    </>
  );
});

const WatchNext = memo(function WatchNext({
  videoId,
  endings,
}: {
  videoId: string;
  endings: number;
}) {
  return (
    <>
      <WatchPlaylist videoId={videoId} endings={endings} />
      <WatchCourse videoId={videoId} endings={endings} />
      <UpNext videoId={videoId} />
    </>
  );
});

/**
 * A label that may change (Like → Liked) without moving what follows it: the longest of `labels`
 * reserves the width (CSS, not text, so the button's name stays the label shown).
 */
function SteadyLabel({ shown, labels }: { shown: string; labels: string[] }) {
  const longest = labels.reduce((a, b) => (b.length > a.length ? b : a), '');
  return (
    <span className={styles.steadyLabel} data-reserve={longest}>
      {shown}
    </span>
  );
}
