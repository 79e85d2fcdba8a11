import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ListVideo, Plus, Trash2 } from 'lucide-react';
import type { Playlist } from '../../contract/entities';
import { MAX_PLAYLIST_TITLE_LENGTH } from '../../contract/limits';
import buttons from '../components/ui/button.module.css';
import { EmptyState } from '../components/ui/empty-state';
import { Modal } from '../components/ui/modal';
import { PageHeading } from '../components/ui/page-heading';
import styles from '../features/playlists/components/playlists.module.css';
import { playlistLabel } from '../features/playlists/playlist-label';
import { playlistTexts } from '../features/playlists/playlist-texts';
import { createPlaylist, deletePlaylist } from '../features/playlists/playlists-service';
import { Thumbnail } from '../features/videos/components/thumbnail';
import { useScreenTitle } from '../lib/use-screen-title';
import { removableItem, useFocusAfterRemoval } from '../lib/use-focus-after-removal';
import { useSingleFlight } from '../lib/use-single-flight';
import { useLibraryRetry } from '../data/library';
import { usePlaylists, useVideos, type Dispatchers } from '../state/use-store';
import { LoadState } from './load-state';
import { RequireLogin } from './require-login';

/** /playlist: the user's playlists, a 'Create Playlist' button and its modal. */
export default function PlaylistsPage() {
  useScreenTitle('playlists');
  return (
    <RequireLogin>
      <Playlists />
    </RequireLogin>
  );
}

const videoCount = (count: number) => `${count} ${count === 1 ? 'video' : 'videos'}`;

function Playlists() {
  const { state, dispatch } = usePlaylists();
  const { library } = useVideos().state;
  const [creating, setCreating] = useState(false);
  const retryLibrary = useLibraryRetry();
  const keepFocus = useFocusAfterRemoval();

  return (
    <div ref={keepFocus}>
      <PageHeading title={playlistTexts.heading}>
        <button type="button" className={buttons.primary} onClick={() => setCreating(true)}>
          <Plus aria-hidden size={18} />
          {playlistTexts.create}
        </button>
      </PageHeading>
      <CreatePlaylistModal open={creating} onClose={() => setCreating(false)} />
      <LoadState
        loading={library.playlists.loading && state.playlists.length === 0}
        error={state.playlists.length === 0 ? library.playlists.error : undefined}
        onRetry={retryLibrary}
      >
        {state.playlists.length === 0 ? (
          <EmptyState icon={ListVideo} title="No playlists yet">
            {playlistTexts.emptyList}
          </EmptyState>
        ) : (
          <ul className={styles.grid} aria-label="Playlists">
            {state.playlists.map((playlist) => (
              <PlaylistCard key={playlist._id} playlist={playlist} dispatch={dispatch} />
            ))}
          </ul>
        )}
      </LoadState>
    </div>
  );
}

/** One playlist: its thumbnail, name and count, and a trash button that deletes it once. */
function PlaylistCard({
  playlist,
  dispatch,
}: {
  playlist: Playlist;
  dispatch: Dispatchers['playlists'];
}) {
  const deleting = useSingleFlight();
  const last = playlist.videos.at(-1);
  const name = playlistLabel(playlist.title);
  return (
    <li className={styles.card} {...removableItem}>
      <Link to={`/playlist/${encodeURIComponent(playlist._id)}`} className={styles.cardLink}>
        <Thumbnail videoId={last?._id} />
        <h2 className={styles.cardTitle}>{name}</h2>
      </Link>
      <div className={styles.cardFooter}>
        <span>{videoCount(playlist.videos.length)}</span>
        <button
          type="button"
          className={styles.deleteButton}
          aria-label={`Delete playlist ${name}`}
          disabled={deleting.busy}
          onClick={() => void deleting.run(() => deletePlaylist(playlist, dispatch))}
        >
          <Trash2 aria-hidden size={18} />
        </button>
      </div>
    </li>
  );
}

/**
 * product §4: the playlist page's create modal does not block blank names; it does block a second
 * create while one runs (a double-click makes one playlist) and names longer than the API takes.
 */
function CreatePlaylistModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { dispatch } = usePlaylists();
  const [title, setTitle] = useState('');
  const fieldId = useId();
  const creating = useSingleFlight();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await creating.run(async () => {
      if (await createPlaylist(title, dispatch)) {
        setTitle('');
        onClose();
      }
    });
  };

  return (
    <Modal title={playlistTexts.create} open={open} onClose={onClose}>
      <form className={styles.createRow} onSubmit={(event) => void handleSubmit(event)}>
        <label htmlFor={fieldId} className="visually-hidden">
          Playlist name
        </label>
        <input
          id={fieldId}
          className={styles.input}
          placeholder="Playlist name"
          maxLength={MAX_PLAYLIST_TITLE_LENGTH}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <button type="submit" className={styles.primaryButton} disabled={creating.busy}>
          Create
        </button>
      </form>
    </Modal>
  );
}
