import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { usePlayer } from '../../../lib/player-context';
import { notesTexts } from '../notes-service';
import { NoteContent } from './note-content';
import styles from './note-box.module.css';

export type NoteBoxMode = 'write' | 'preview';

interface NoteBoxProps {
  id: string;
  label: ReactNode;
  /** What the Write / Preview switch is called (each box's own: two may be on screen). */
  switchLabel: string;
  value: string;
  onChange: (value: string) => void;
  mode: NoteBoxMode;
  onModeChange: (mode: NoteBoxMode) => void;
  videoId: string;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
  onFocus?: () => void;
  rows?: number;
}

/**
 * Ctrl+Enter (⌘+Enter on a Mac) anywhere in a note's form saves it, as in GitHub's and Slack's
 * boxes; put on the form's onKeyDown.
 */
export function saveOnCtrlEnter(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) {
    return;
  }
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

/**
 * A note's text box with a Write / Preview switch: Preview draws the text with the same Markdown
 * renderer as saved notes. The box stays in the form while previewed (hidden), so its label and
 * value stay where they are.
 */
export function NoteBox(props: NoteBoxProps) {
  const { id, label, switchLabel, value, mode, onModeChange, videoId, fieldRef } = props;
  const player = usePlayer();
  // Back to Write: the focus goes back to the box, where the writing goes on.
  const shown = useRef(mode);
  useEffect(() => {
    if (shown.current === 'preview' && mode === 'write') fieldRef.current?.focus();
    shown.current = mode;
  }, [mode, fieldRef]);
  return (
    <div className={styles.box}>
      <div className={styles.head}>
        <label htmlFor={id}>{label}</label>
        <div role="group" aria-label={switchLabel} className={styles.modes}>
          {(['write', 'preview'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={styles.mode}
              aria-pressed={mode === option}
              onClick={() => onModeChange(option)}
            >
              {option === 'write' ? notesTexts.write : notesTexts.preview}
            </button>
          ))}
        </div>
      </div>
      <textarea
        id={id}
        ref={fieldRef}
        className={styles.field}
        hidden={mode === 'preview'}
        rows={props.rows ?? 3}
        value={value}
        aria-describedby={`${id}-keys`}
        onFocus={props.onFocus}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {mode === 'preview' && (
        <div className={styles.preview}>
          {value.trim() === '' ? (
            <p className={styles.nothing}>{notesTexts.nothingToPreview}</p>
          ) : (
            <NoteContent content={value} videoId={videoId} onSeek={player.seekTo} />
          )}
        </div>
      )}
      <p id={`${id}-keys`} className={styles.keys}>
        {notesTexts.keys}
      </p>
    </div>
  );
}
