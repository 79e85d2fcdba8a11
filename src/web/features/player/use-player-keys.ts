import type { RefObject } from 'react';
import type { PlayerControls } from '../../lib/player-context';
import { useShortcut, useShortcuts } from '../../lib/shortcuts';

/** How far j and l move, as on YouTube. */
export const SKIP_SECONDS = 10;

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** The player, or the page when the player is, full screen; back from full screen when it is. */
function toggleFullscreen(frame: HTMLIFrameElement | null): void {
  if (document.fullscreenElement) {
    void document.exitFullscreen().catch(() => undefined);
    return;
  }
  void frame?.requestFullscreen?.().catch(() => undefined);
}

/**
 * YouTube's own keys on the watch page, wherever the focus is but in a text field (the shortcut
 * listener leaves those alone, and Space on a focused button presses it): k and Space play or
 * pause, j and l go back and on 10 s, f makes the player full screen, 0–9 jump to 0–90 % of the
 * video. Inside the player's frame YouTube's own handling answers instead.
 */
export function usePlayerKeys(
  player: PlayerControls,
  frame: RefObject<HTMLIFrameElement | null>,
): void {
  useShortcut('k', () => player.togglePlay());
  useShortcut(' ', () => player.togglePlay());
  useShortcut('j', () => player.seekBy(-SKIP_SECONDS));
  useShortcut('l', () => player.seekBy(SKIP_SECONDS));
  useShortcut('f', () => toggleFullscreen(frame.current));
  useShortcuts(DIGITS, (digit) => player.seekToFraction(Number(digit) / 10));
}
