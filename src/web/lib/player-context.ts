import { createContext, useContext } from 'react';

/** What the rest of the watch page may ask of the player. */
export interface PlayerControls {
  /** Seconds into the video, or undefined while the player API is not there (offline). */
  currentTime(): number | undefined;
  /** Jumps to a moment and plays. Resolves to false when there is no player to move. */
  seekTo(seconds: number): boolean;
  /** Plays at this speed (1 is normal). False when there is no player to tell. */
  setPlaybackRate(rate: number): boolean;
  /** Pauses a playing video, plays any other. False when there is no player. */
  togglePlay(): boolean;
  /** Moves by `seconds` (back when negative), playing or not. False when there is no player. */
  seekBy(seconds: number): boolean;
  /** Moves to a share of the video's length (0.5: half way). False when the length is unknown. */
  seekToFraction(fraction: number): boolean;
}

export const noPlayer: PlayerControls = {
  currentTime: () => undefined,
  seekTo: () => false,
  setPlaybackRate: () => false,
  togglePlay: () => false,
  seekBy: () => false,
  seekToFraction: () => false,
};

export const PlayerContext = createContext<PlayerControls>(noPlayer);

/** The watch page's player, for timed notes. */
export function usePlayer(): PlayerControls {
  return useContext(PlayerContext);
}
