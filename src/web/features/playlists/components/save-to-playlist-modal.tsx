import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { Video } from '../../../../contract/entities';
import { MAX_PLAYLIST_TITLE_LENGTH } from '../../../../contract/limits';
import buttons from '../../../components/ui/button.module.css';
import checkRows from '../../../components/ui/check-row.module.css';
import { Modal } from '../../../components/ui/modal';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { usePlaylists } from '../../../state/use-store';
import { playlistTexts } from '../playlist-texts';
import { addVideoToPlaylist, createPlaylist, removeVideoFromPlaylist } from '../playlists-service';
import { playlistLabel } from '../playlist-label';
import styles from './playlists.module.css';

interface SaveToPlaylistModalProps {
  video: Video;
  onClose: () => void;
  /** Rows above the playlists (the app puts Watch later there, as YouTube does). */
  before?: ReactNode;
}

/**
 * product §2/§4: the user's playlists newest first, each a checkbox that toggles the video's
 * membership; 'No playlist created.' when there are none; an inline create whose button stays
 * disabled while the name is blank (and while a create runs: a double-click makes one playlist),
 * and a name no longer than the API takes. As on YouTube, 'Create' makes the playlist with the
 * video in it, and 'Done' closes the modal.
 */
export function SaveToPlaylistModal({ video, onClose, before }: SaveToPlaylistModalProps) {
  const { state, dispatch } = usePlaylists();
  const [name, setName] = useState('');
  // The box shows the user's choice at once, while the server confirms it.
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const nameId = useId();
  const creating = useSingleFlight();
  const newestFirst = [...state.playlists].reverse();

  const toggle = async (playlistId: string, include: boolean) => {
    setPending((current) => ({ ...current, [playlistId]: include }));
    await (include
      ? addVideoToPlaylist(playlistId, video, dispatch)
      : removeVideoFromPlaylist(playlistId, video, dispatch, state.playlists));
    setPending(({ [playlistId]: _done, ...rest }) => rest);
  };

  const handleCreate = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    await creating.run(async () => {
      const created = await createPlaylist(name.trim(), dispatch);
      if (!created) return;
      setName('');
      await toggle(created._id, true);
    });
  };

  return (
    <Modal title={playlistTexts.save} open onClose={onClose}>
      {before}
      {newestFirst.length === 0 ? (
        <p className={styles.muted}>{playlistTexts.noneCreated}</p>
      ) : (
        <ul className={styles.checkList} aria-label={playlistTexts.heading}>
          {newestFirst.map((playlist) => {
            const included =
              pending[playlist._id] ?? playlist.videos.some((item) => item._id === video._id);
            return (
              <li key={playlist._id}>
                <label className={checkRows.checkRow}>
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
          maxLength={MAX_PLAYLIST_TITLE_LENGTH}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button
          type="submit"
          className={styles.primaryButton}
          disabled={!name.trim() || creating.busy}
        >
          Create
        </button>
      </form>
      <div className={styles.doneRow}>
        <button type="button" className={buttons.button} onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}
