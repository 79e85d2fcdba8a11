import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { Video } from '../../../../contract/entities';
import { Modal } from '../../../components/ui/modal';
import { usePlaylists } from '../../../state/use-store';
import { playlistTexts } from '../playlist-texts';
import { addVideoToPlaylist, createPlaylist, removeVideoFromPlaylist } from '../playlists-service';
import { playlistLabel } from '../playlist-label';
import { SaveToPlaylistContext } from './save-to-playlist-context';
import styles from './playlists.module.css';

/** Hosts the one 'Save to playlist' modal that the watch page and card menus open. */
export function SaveToPlaylistProvider({ children }: { children: ReactNode }) {
  const [video, setVideo] = useState<Video | null>(null);
  return (
    <SaveToPlaylistContext.Provider value={setVideo}>
      {children}
      {video && <SaveToPlaylistModal video={video} onClose={() => setVideo(null)} />}
    </SaveToPlaylistContext.Provider>
  );
}

/**
 * SPEC §2/§4: the user's playlists newest first, each a checkbox that toggles the video's
 * membership; 'No playlist created.' when there are none; an inline create whose button stays
 * disabled while the name is blank.
 */
function SaveToPlaylistModal({ video, onClose }: { video: Video; onClose: () => void }) {
  const { state, dispatch } = usePlaylists();
  const [name, setName] = useState('');
  // The box shows the user's choice at once, while the server confirms it.
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const nameId = useId();
  const newestFirst = [...state.playlists].reverse();

  const toggle = async (playlistId: string, include: boolean) => {
    setPending((current) => ({ ...current, [playlistId]: include }));
    await (include
      ? addVideoToPlaylist(playlistId, video, dispatch)
      : removeVideoFromPlaylist(playlistId, video._id, dispatch));
    setPending(({ [playlistId]: _done, ...rest }) => rest);
  };

  const handleCreate = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    if (await createPlaylist(name.trim(), dispatch)) setName('');
  };

  return (
    <Modal title={playlistTexts.save} open onClose={onClose}>
      {newestFirst.length === 0 ? (
        <p className={styles.muted}>{playlistTexts.noneCreated}</p>
      ) : (
        <ul className={styles.checkList}>
          {newestFirst.map((playlist) => {
            const included =
              pending[playlist._id] ?? playlist.videos.some((item) => item._id === video._id);
            return (
              <li key={playlist._id}>
                <label className={styles.checkRow}>
                  <input
                    type="checkbox"
                    checked={included}
                    disabled={playlist._id in pending}
                    onChange={() => void toggle(playlist._id, !included)}
                  />
                  {playlistLabel(playlist.title)}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <form className={styles.createRow} onSubmit={(event) => void handleCreate(event)}>
        <label htmlFor={nameId} className="visually-hidden">
          New playlist name
        </label>
        <input
          id={nameId}
          className={styles.input}
          placeholder="New playlist name"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className={styles.primaryButton} disabled={!name.trim()}>
          Create
        </button>
      </form>
    </Modal>
  );
}
