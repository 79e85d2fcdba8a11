/** The parts of the YouTube IFrame Player API this app uses. */
export interface YouTubePlayer {
  getCurrentTime(): number;
  /** The video's length in seconds; 0 until the player knows it. */
  getDuration?(): number;
  getPlayerState(): number;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  playVideo(): void;
  pauseVideo(): void;
  setPlaybackRate(rate: number): void;
}

interface YouTubeNamespace {
  Player: new (
    element: HTMLIFrameElement,
    options: {
      events?: {
        onReady?: () => void;
        onStateChange?: (event: { data: number }) => void;
        onPlaybackRateChange?: (event: { data: number }) => void;
        /** The player cannot play the video (2, 5, 100, 101, 150: bad id, player error, gone, not embeddable). */
        onError?: (event: { data: number }) => void;
      };
    },
  ) => YouTubePlayer;
  PlayerState: { PLAYING: number; PAUSED: number; ENDED: number; BUFFERING?: number };
}

declare global {
  interface Window {
    YT?: YouTubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

const API_URL = 'https://www.youtube.com/iframe_api';
const LOAD_TIMEOUT_MS = 15_000;
let loading: Promise<YouTubeNamespace> | undefined;

/**
 * Loads YouTube's IFrame Player API once. Without a network (or with YouTube blocked) it rejects,
 * and the watch page carries on without player time: notes still save, just untimed.
 */
export function loadYouTubeApi(): Promise<YouTubeNamespace> {
  loading ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    if (window.YT?.Player) {
      resolve(window.YT);
      return;
    }
    const timer = window.setTimeout(
      () => reject(new Error('YouTube API timed out')),
      LOAD_TIMEOUT_MS,
    );
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      window.clearTimeout(timer);
      if (window.YT) resolve(window.YT);
      else reject(new Error('YouTube API loaded without YT'));
    };
    const script = document.createElement('script');
    script.src = API_URL;
    script.async = true;
    script.onerror = () => {
      window.clearTimeout(timer);
      reject(new Error('YouTube API unavailable'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
