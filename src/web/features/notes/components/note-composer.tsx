import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Note } from '../../../../contract/entities';
import { formatTime } from '../../../lib/format';
import { usePlayer } from '../../../lib/player-context';
import { useShortcut } from '../../../lib/shortcuts';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useAuth, useVideos } from '../../../state/use-store';
import type { NoteDraft } from '../note-drafts';
import { notesTexts, saveNote } from '../notes-service';
import { exportNotes, transferTexts } from '../notes-transfer';
import { NoteBox, saveOnCtrlEnter, type NoteBoxMode } from './note-box';
import { NoteFormActions } from './note-form-actions';
import styles from './notes-panel.module.css';

interface NoteComposerProps {
  videoId: string;
  /** This video's notes, for Export. */
  notes: Note[];
  draft: NoteDraft;
  updateDraft: (change: (draft: NoteDraft) => NoteDraft) => void;
}

/**
 * The box a new note is written in (`n` goes there), with Write / Preview, Export and Save (or
 * Ctrl/⌘+Enter). The draft is the panel's (kept per video: use-note-draft.ts): what was typed while
 * a note was being saved stays, a failed save keeps it all.
 */
export function NoteComposer({ videoId, notes, draft, updateDraft }: NoteComposerProps) {
  const { state: auth } = useAuth();
  const { dispatch } = useVideos();
  const client = useQueryClient();
  const navigate = useNavigate();
  const player = usePlayer();
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [mode, setMode] = useState<NoteBoxMode>('write');
  const saving = useSingleFlight();

  useShortcut('n', () => {
    if (!auth.isLoggedIn) {
      void navigate('/login');
      return;
    }
    const time = player.currentTime();
    updateDraft((current) => ({ ...current, time }));
    // The box must be shown (not previewed) before it can take the focus.
    flushSync(() => setMode('write'));
    field.current?.focus();
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = draft.text;
    const time = draft.time ?? player.currentTime();
    await saving.run(async () => {
      if (await saveNote(videoId, sent, dispatch, time)) {
        // The saved text leaves the box; what was typed while it was being saved stays. At once
        // (flushSync): this update comes after an await, not from an event, so React would keep
        // the draft and ask before leaving (effects) until a task after the box empties; a
        // reload in between brought the saved text back as a draft.
        flushSync(() =>
          updateDraft((current) => ({
            text: current.text.startsWith(sent)
              ? current.text.slice(sent.length).trimStart()
              : current.text,
          })),
        );
        setMode('write');
      }
    });
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void handleSubmit(event)}
      onKeyDown={saveOnCtrlEnter}
    >
      <NoteBox
        id={fieldId}
        label={
          <>
            {notesTexts.label}
            {draft.time !== undefined && (
              <span className={styles.at}> at {formatTime(draft.time)}</span>
            )}
          </>
        }
        switchLabel="New note: write or preview"
        value={draft.text}
        onChange={(text) => updateDraft((current) => ({ ...current, text }))}
        mode={mode}
        onModeChange={setMode}
        videoId={videoId}
        fieldRef={field}
        onFocus={() => {
          if (draft.text === '' && draft.time === undefined) {
            const time = player.currentTime();
            updateDraft((current) => ({ ...current, time }));
          }
        }}
      />
      <NoteFormActions
        className={styles.panelActions}
        other={{
          label: transferTexts.exportVideo,
          disabled: notes.length === 0,
          onClick: () => void exportNotes(client, notes, videoId),
        }}
        saving={saving.busy}
      />
    </form>
  );
}
