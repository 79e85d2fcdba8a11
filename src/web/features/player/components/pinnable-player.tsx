import type { ReactNode, RefObject } from 'react';
import { X } from 'lucide-react';
import styles from './pinnable-player.module.css';

export const miniPlayerTexts = { close: 'Close the mini player' } as const;

interface PinnablePlayerProps {
  /** The player's place on the page: it keeps its size while the player is pinned. */
  slotRef: RefObject<HTMLDivElement | null>;
  /** The player box's own class (size, corners, background). */
  className?: string;
  pinned: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The watch page's player box, which can be pinned to a corner as a mini player (use-mini-player.ts).
 * Pinning changes its CSS only: the iframe inside keeps its parent, so YouTube does not reload it.
 */
export function PinnablePlayer({
  slotRef,
  className,
  pinned,
  onClose,
  children,
}: PinnablePlayerProps) {
  return (
    <div ref={slotRef} className={styles.slot}>
      <div
        className={[className, pinned && styles.pinned].filter(Boolean).join(' ')}
        data-mini-player={pinned || undefined}
      >
        {children}
        {pinned && (
          <button
            type="button"
            className={styles.close}
            aria-label={miniPlayerTexts.close}
            aria-keyshortcuts="Escape"
            title={`${miniPlayerTexts.close} (Esc)`}
            onClick={onClose}
          >
            <X aria-hidden size={18} />
          </button>
        )}
      </div>
    </div>
  );
}
