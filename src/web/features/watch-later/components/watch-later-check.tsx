import type { Video } from '../../../../contract/entities';
import checkRows from '../../../components/ui/check-row.module.css';
import { useWatchLater } from '../../../data/watch-later';
import { useWatchLaterToggle } from '../watch-later-service';
import { useVideos } from '../../../state/use-store';

/** 'Watch later' as a checkbox row (the save modal's first row), saved or removed on change. */
export function WatchLaterCheck({ video }: { video: Video }) {
  const { state } = useVideos();
  // The box shows the user's choice at once (the cached list does), while the server confirms it.
  const { toggle, busy } = useWatchLaterToggle();
  const saved = useWatchLater().some((item) => item._id === video._id);
  // Until the list is in (or after it failed to load), the row cannot tell what a tick would do.
  const { loading, error } = state.library.watchLater;
  const unknown = loading || error !== null;

  return (
    <label className={checkRows.checkRow} aria-busy={loading}>
      <input
        type="checkbox"
        checked={saved}
        disabled={busy || unknown}
        onChange={() => void toggle(video, saved)}
      />
      Watch later
    </label>
  );
}
