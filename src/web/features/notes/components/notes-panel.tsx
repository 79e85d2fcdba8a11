import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { LibraryFailure } from '../../../components/ui/library-failure';
import { useShortcut } from '../../../lib/shortcuts';
import { usePlayer } from '../../../lib/player-context';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { formatTime } from '../../../lib/format';
import type { Note } from '../../../../contract/entities';
import { noteLabel } from '../note-label';
import { timeLink } from '../notes-markdown';
import { useAuth, useVideos } from '../../../state/use-store';
import { deleteNote, notesTexts, saveNote } from '../notes-service';
import { exportNotes, transferTexts } from '../notes-transfer';
import { NoteContent } from './note-content';
import styles from './notes-panel.module.css';

/** A note's delete button's name: its moment in the video, if any, and what it reads like. */
function deleteLabel(note: Note): string {
  const at = note.time === undefined ? '' : ` at ${formatTime(note.time)}`;
  const label = noteLabel(note.content);
  return `Delete note${at}${label ? `: ${label}` : ''}`;
}

/** The watch page's notes: a labelled box, a save button and this video's notes. */
export function NotesPanel({ videoId }: { videoId: string }) {
  const { state: auth } = useAuth();
  const { state, dispatch } = useVideos();
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  const fieldId = useId();
  const headingId = useId();
  const notes = state.notes.filter((note) => note.videoId === videoId);
  const notesLoad = state.library.notes;
  const field = useRef<HTMLTextAreaElement>(null);
  const navigate = useNavigate();
  const player = usePlayer();
  // The moment in the video the note was started at (undefined without a player).
  const [startedAt, setStartedAt] = useState<number | undefined>();
  const saving = useSingleFlight();

  useShortcut('n', () => {
    if (!auth.isLoggedIn) {
      void navigate('/login');
      return;
    }
    setStartedAt(player.currentTime());
    field.current?.focus();
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = draft;
    await saving.run(async () => {
      if (await saveNote(videoId, sent, dispatch, startedAt ?? player.currentTime())) {
        // The saved text leaves the box; what was typed while it was being saved stays.
        setDraft((current) =>
          current.startsWith(sent) ? current.slice(sent.length).trimStart() : current,
        );
        setStartedAt(undefined);
      }
    });
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {notesTexts.heading}
      </h2>
      {!auth.isLoggedIn ? (
        <p>
          You&apos;re logged out. <Link to="/login">Login</Link>
        </p>
      ) : (
        <>
          <form className={styles.form} onSubmit={(event) => void handleSubmit(event)}>
            <label htmlFor={fieldId}>
              {notesTexts.label}
              {startedAt !== undefined && (
                <span className={styles.at}> at {formatTime(startedAt)}</span>
              )}
            </label>
            <textarea
              id={fieldId}
              ref={field}
              className={styles.field}
              onFocus={() => {
                if (draft === '' && startedAt === undefined) setStartedAt(player.currentTime());
              }}
              rows={3}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            <div className={styles.panelActions}>
              <button
                type="button"
                className={styles.linkButton}
                disabled={notes.length === 0}
                onClick={() => void exportNotes(client, notes, videoId)}
              >
                {transferTexts.exportVideo}
              </button>
              <button type="submit" className={styles.save} disabled={saving.busy}>
                {notesTexts.save}
              </button>
            </div>
          </form>
          {notesLoad.error !== null ? (
            <LibraryFailure lists={['notes']} />
          ) : notesLoad.loading && notes.length === 0 ? (
            <p role="status" className={styles.empty}>
              {notesTexts.loading}
            </p>
          ) : notes.length === 0 ? (
            <p className={styles.empty}>{notesTexts.empty}</p>
          ) : (
            <ul className={styles.list} aria-label="Your notes on this video">
              {notes.map((note) => (
                <li key={note._id} className={styles.note}>
                  {note.time !== undefined && (
                    <a
                      className={styles.time}
                      href={timeLink(videoId, note.time)}
                      aria-label={`Play from ${formatTime(note.time)}`}
                      onClick={(event) => {
                        if (note.time !== undefined && player.seekTo(note.time)) {
                          event.preventDefault();
                        }
                      }}
                    >
                      {formatTime(note.time)}
                    </a>
                  )}
                  <div className={styles.content}>
                    <NoteContent content={note.content} videoId={videoId} onSeek={player.seekTo} />
                  </div>
                  <button
                    type="button"
                    className={styles.delete}
                    aria-label={deleteLabel(note)}
                    onClick={() => void deleteNote(note, dispatch)}
                  >
                    <Trash2 aria-hidden size={18} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
