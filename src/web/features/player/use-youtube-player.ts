import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { loadPlaybackRate } from './playback-rate';
import type { PlayerControls } from '../../lib/player-context';
import { loadYouTubeApi, type YouTubePlayer } from './youtube-api';

/** How often the position is reported while the video plays. */
export const PROGRESS_INTERVAL_MS = 10_000;

interface Options {
  /**
   * Called with the position while playing (throttled), on pause and when leaving, and the
   * video's length when the player knows it.
   */
  onProgress?: (seconds: number, duration?: number) => void;
  /** Called each time the video starts (or goes on) playing. */
  onPlaying?: () => void;
  /** Called when the video plays to its end, with its length when the player knows it. */
  onEnded?: (duration?: number) => void;
  /**
   * Called when the embed cannot play here: YouTube's player API could not be loaded (offline,
   * YouTube blocked: the embed beside it cannot load either), or the player reports an error (the
   * video is gone or its owner does not allow embedding).
   */
  onUnavailable?: () => void;
  /** Called when the speed changes in the player itself (YouTube's own settings menu). */
  onPlaybackRateChange?: (rate: number) => void;
}

/**
 * Attaches YouTube's player API to the embed iframe (its src carries enablejsapi=1). The page works
 * without it; with it, notes know the time, the position is saved for resuming, chapters seek and
 * the remembered playback speed is applied as soon as the player is ready.
 */
export function useYouTubePlayer(
  iframe: RefObject<HTMLIFrameElement | null>,
  /** The video the frame shows; undefined while there is no frame yet (a page hydrating). */
  videoId: string | undefined,
  options: Options,
): PlayerControls {
  const player = useRef<YouTubePlayer | null>(null);
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });

  useEffect(() => {
    if (videoId === undefined) return;
    let cancelled = false;
    let timer: number | undefined;
    const lengthKnown = () => {
      const length = player.current?.getDuration?.();
      return typeof length === 'number' && Number.isFinite(length) && length > 0
        ? length
        : undefined;
    };
    const report = () => {
      const time = player.current?.getCurrentTime();
      const duration = lengthKnown();
      if (typeof time === 'number' && Number.isFinite(time) && time > 0) {
        callbacks.current.onProgress?.(time, duration);
      }
    };
    loadYouTubeApi()
      .then((YT) => {
        const element = iframe.current;
        if (cancelled || !element) return;
        player.current = new YT.Player(element, {
          events: {
            onReady: () => {
              const rate = loadPlaybackRate();
              if (rate !== 1) player.current?.setPlaybackRate(rate);
            },
            onError: () => callbacks.current.onUnavailable?.(),
            onPlaybackRateChange: ({ data }) => {
              if (typeof data === 'number') callbacks.current.onPlaybackRateChange?.(data);
            },
            onStateChange: ({ data }) => {
              window.clearInterval(timer);
              if (data === YT.PlayerState.PLAYING) {
                timer = window.setInterval(report, PROGRESS_INTERVAL_MS);
                callbacks.current.onPlaying?.();
              } else if (data === YT.PlayerState.PAUSED) {
                report();
              } else if (data === YT.PlayerState.ENDED) {
                callbacks.current.onEnded?.(lengthKnown());
              }
            },
          },
        });
      })
      .catch(() => {
        // Offline or blocked: the embed cannot load either; the page offers YouTube instead.
        if (!cancelled) callbacks.current.onUnavailable?.();
      });
    window.addEventListener('pagehide', report);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      window.removeEventListener('pagehide', report);
      report();
      // Not destroy(): that would remove the iframe React owns.
      player.current = null;
    };
  }, [iframe, videoId]);

  return useMemo(
    () => ({
      currentTime: () => {
        const time = player.current?.getCurrentTime();
        return typeof time === 'number' && Number.isFinite(time) ? time : undefined;
      },
      seekTo: (seconds: number) => {
        if (!player.current) return false;
        player.current.seekTo(seconds, true);
        player.current.playVideo();
        return true;
      },
      setPlaybackRate: (rate: number) => {
        if (!player.current) return false;
        player.current.setPlaybackRate(rate);
        return true;
      },
      togglePlay: () => {
        const current = player.current;
        if (!current) return false;
        // YouTube's states: 1 playing, 3 buffering (about to play).
        const state = current.getPlayerState();
        if (state === 1 || state === 3) current.pauseVideo();
        else current.playVideo();
        return true;
      },
      seekBy: (seconds: number) => {
        const current = player.current;
        const time = current?.getCurrentTime();
        if (!current || typeof time !== 'number' || !Number.isFinite(time)) return false;
        current.seekTo(Math.max(0, time + seconds), true);
        return true;
      },
      seekToFraction: (fraction: number) => {
        const current = player.current;
        const length = current?.getDuration?.();
        if (!current || typeof length !== 'number' || !Number.isFinite(length) || length <= 0) {
          return false;
        }
        current.seekTo(length * fraction, true);
        return true;
      },
    }),
    [],
  );
}
