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
  const nameId = useId();
  const newestFirst = [...state.playlists].reverse();

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
            const included = playlist.videos.some((item) => item._id === video._id);
            return (
              <li key={playlist._id}>
                <label className={styles.checkRow}>
                  <input
                    type="checkbox"
                    checked={included}
                    onChange={() =>
                      void (included
                        ? removeVideoFromPlaylist(playlist._id, video._id, dispatch)
                        : addVideoToPlaylist(playlist._id, video, dispatch))
                    }
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
