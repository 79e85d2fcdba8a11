import { TriangleAlert } from 'lucide-react';
import { useLibraryRetry } from '../../data/library';
import { useVideos } from '../../state/use-store';
import type { LibraryList } from '../../state/videos-reducer';
import buttons from './button.module.css';
import styles from './library-failure.module.css';

/** How the failure names each of the signed-in user's lists. */
const listNames: Record<LibraryList, string> = {
  likes: 'liked videos',
  history: 'history',
  watchLater: 'Watch later list',
  playlists: 'playlists',
  notes: 'notes',
  progress: 'places to resume from',
};

/** 'a', 'a and b', 'a, b and c'. */
function joinNames(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Which of `lists` could not be loaded, with 'Try again' (every list that failed loads again);
 * nothing when they all loaded.
 */
export function LibraryFailure({ lists }: { lists: readonly LibraryList[] }) {
  const { library } = useVideos().state;
  const retry = useLibraryRetry();
  const failed = lists.filter((list) => library[list].error !== null);
  if (failed.length === 0) return null;
  return (
    <div role="alert" className={styles.failure}>
      <TriangleAlert aria-hidden size={18} className={styles.icon} />
      <span className={styles.text}>
        Your {joinNames(failed.map((list) => listNames[list]))} could not be loaded.
      </span>
      <button type="button" className={buttons.button} onClick={retry}>
        Try again
      </button>
    </div>
  );
}
