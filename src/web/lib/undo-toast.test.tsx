import type { Toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { forgetHiddenUndoes, toastUndoable, undoNewest } from './undo-toast';

/** The toaster's record of a toast, as far as the undo shortcut reads it. */
const shown = (id: string, visible = true) => ({ id, visible }) as Toast;

describe('undo toasts', () => {
  it('runs a toast’s undo once, however often it is asked', () => {
    const undo = vi.fn();
    toastUndoable('once', 'Video removed successfully.', undo);
    expect(undoNewest([shown('once')])).toBe(true);
    expect(undoNewest([shown('once')])).toBe(false);
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('runs the newest shown toast’s undo, skipping toasts without one', () => {
    const older = vi.fn();
    const newer = vi.fn();
    toastUndoable('older', 'note deleted successfully.', older);
    toastUndoable('newer', 'Playlist deleted successfully.', newer);
    undoNewest([shown('plain'), shown('newer'), shown('older')]);
    expect(newer).toHaveBeenCalledTimes(1);
    expect(older).not.toHaveBeenCalled();
    undoNewest([shown('older')]);
    expect(older).toHaveBeenCalledTimes(1);
  });

  it('forgets the undo of a toast that has left the screen', () => {
    const undo = vi.fn();
    toastUndoable('gone', 'Video removed successfully.', undo);
    forgetHiddenUndoes([shown('gone', false)]);
    expect(undoNewest([shown('gone')])).toBe(false);
    expect(undo).not.toHaveBeenCalled();
  });

  it('keeps the undo of a toast not on screen yet (the toaster still loading, or a step behind)', () => {
    const undo = vi.fn();
    toastUndoable('soon', 'Video removed successfully.', undo);
    // The toaster reports what it drew before this toast came: the toast has not left the screen.
    forgetHiddenUndoes([]);
    forgetHiddenUndoes([shown('older')]);
    expect(undoNewest([shown('soon')])).toBe(true);
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('forgets the undo of a toast that was shown and is gone from the toaster', () => {
    const undo = vi.fn();
    toastUndoable('went', 'Video removed successfully.', undo);
    forgetHiddenUndoes([shown('went')]);
    forgetHiddenUndoes([]);
    expect(undoNewest([shown('went')])).toBe(false);
    expect(undo).not.toHaveBeenCalled();
  });
});
