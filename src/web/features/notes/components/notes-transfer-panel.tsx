import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import buttons from '../../../components/ui/button.module.css';
import { useVideos } from '../../../state/use-store';
import { exportNotes, importNotes, transferTexts } from '../notes-transfer';
import styles from './notes-panel.module.css';

/** All notes out to Markdown and back in (the profile screen). */
export function NotesTransferPanel() {
  const { state, dispatch } = useVideos();
  const client = useQueryClient();
  const inputId = useId();
  const headingId = useId();

  return (
    <section className={styles.transfer} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Your notes
      </h2>
      <p>
        {state.notes.length} {state.notes.length === 1 ? 'note' : 'notes'}, exported as Markdown
        with links to each video.
      </p>
      <div className={styles.transferActions}>
        <button
          type="button"
          className={buttons.button}
          disabled={state.notes.length === 0}
          onClick={() => void exportNotes(client, state.notes)}
        >
          <Download aria-hidden size={18} />
          {transferTexts.exportAll}
        </button>
        <label htmlFor={inputId} className={buttons.button}>
          <Upload aria-hidden size={18} />
          {transferTexts.import}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".md,text/markdown,text/plain"
          className="visually-hidden"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) await importNotes(await file.text(), state.notes, dispatch);
          }}
        />
      </div>
    </section>
  );
}
