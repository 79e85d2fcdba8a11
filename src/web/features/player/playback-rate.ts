import { localStore } from '../../lib/safe-storage';

/** The speeds offered, as YouTube's player offers them. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** Where the chosen speed is remembered, for the next video and the next visit. */
export const PLAYBACK_RATE_KEY = 'codetube:playback-rate';

const isOffered = (rate: number) => (PLAYBACK_RATES as readonly number[]).includes(rate);

/** The remembered speed; 1 when none (or something unknown) is stored. */
export function loadPlaybackRate(): number {
  const rate = Number(localStore.getItem(PLAYBACK_RATE_KEY));
  return isOffered(rate) ? rate : 1;
}

/** Remembers one of the offered speeds (others, which YouTube's own menu may set, are not kept). */
export function savePlaybackRate(rate: number): void {
  // Storage blocked or full: the speed applies to this video only.
  if (isOffered(rate)) localStore.setItem(PLAYBACK_RATE_KEY, String(rate));
}

/** How a speed reads in the menu: 'Normal' for 1, else '1.25×'. */
export function playbackRateLabel(rate: number): string {
  return rate === 1 ? 'Normal' : `${rate}×`;
}
