import { useState } from 'react';
import type { Video } from '../../../../contract/entities';
import checkRows from '../../../components/ui/check-row.module.css';
import { useVideos } from '../../../state/use-store';
import { addToWatchLater, removeFromWatchLater } from '../watch-later-service';

/** 'Watch later' as a checkbox row (the save modal's first row), saved or removed on change. */
export function WatchLaterCheck({ video }: { video: Video }) {
  const { state, dispatch } = useVideos();
  // The box shows the user's choice at once, while the server confirms it.
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = pending ?? state.watchLater.some((item) => item._id === video._id);
  // Until the list is in (or after it failed to load), the row cannot tell what a tick would do.
  const { loading, error } = state.library.watchLater;
  const unknown = loading || error !== null;

  const toggle = async () => {
    setPending(!saved);
    await (saved ? removeFromWatchLater(video, dispatch) : addToWatchLater(video, dispatch));
    setPending(null);
  };

  return (
    <label className={checkRows.checkRow} aria-busy={loading}>
      <input
        type="checkbox"
        checked={saved}
        disabled={pending !== null || unknown}
        onChange={() => void toggle()}
      />
      Watch later
    </label>
  );
}
