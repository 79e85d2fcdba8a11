import { useId } from 'react';
import { Link } from 'react-router';
import { LibraryFailure } from '../../../components/ui/library-failure';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useAuth, useVideos } from '../../../state/use-store';
import { deleteNote, notesTexts } from '../notes-service';
import { useNoteDraft } from '../use-note-draft';
import { useNoteEdits } from '../use-note-edits';
import { NoteComposer } from './note-composer';
import { NoteItem } from './note-item';
import styles from './notes-panel.module.css';

/**
 * The watch page's notes: the box a new note is written in and this video's notes, each of which
 * can be edited. Leaving the page while the box or an edit holds unsaved text asks first.
 */
export function NotesPanel({ videoId }: { videoId: string }) {
  const { state: auth } = useAuth();
  const { state, dispatch } = useVideos();
  const headingId = useId();
  const notes = state.notes.filter((note) => note.videoId === videoId);
  const notesLoad = state.library.notes;
  const userId = auth.isLoggedIn ? auth.userInfo?._id : undefined;
  const [draft, updateDraft] = useNoteDraft(userId, videoId);
  const edits = useNoteEdits(notes);
  useLeaveGuard(auth.isLoggedIn && (draft.text.trim() !== '' || edits.unsaved), notesTexts.leave);

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
          <NoteComposer videoId={videoId} notes={notes} draft={draft} updateDraft={updateDraft} />
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
                <NoteItem
                  key={note._id}
                  {...edits.editing(note)}
                  onDelete={() => void deleteNote(note, dispatch)}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
