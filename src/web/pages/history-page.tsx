import { useState } from 'react';
import { History, Trash2 } from 'lucide-react';
import buttons from '../components/ui/button.module.css';
import { Modal } from '../components/ui/modal';
import { clearHistory, historyTexts } from '../features/history/history-service';
import { useVideos } from '../state/use-store';
import styles from './pages.module.css';
import { VideoListScreen } from './video-list-screen';

/**
 * /history: most recent last, as the server keeps it; 'Clear History' asks first, then empties
 * it (there is no undo for the whole history).
 */
export default function HistoryPage() {
  const { state, dispatch } = useVideos();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <VideoListScreen
        title={historyTexts.heading}
        videos={state.history}
        emptyText={historyTexts.empty}
        emptyTitle="No watch history yet"
        emptyIcon={History}
        loading={state.library.loading}
        error={state.library.error}
        serverErrorText={historyTexts.loadFailed}
        place={{ onHistoryPage: true }}
        actions={
          state.history.length > 0 && (
            <button type="button" className={buttons.button} onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden size={18} />
              {historyTexts.clear}
            </button>
          )
        }
      />
      <Modal title="Clear watch history?" open={confirming} onClose={() => setConfirming(false)}>
        <p className={styles.confirmText}>
          Every video leaves your history, on every device. This cannot be undone.
        </p>
        <div className={styles.confirmActions}>
          <button
            type="button"
            className={buttons.button}
            data-autofocus
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
          <button
            type="button"
            className={buttons.primary}
            onClick={() => {
              setConfirming(false);
              void clearHistory(dispatch);
            }}
          >
            {historyTexts.clear}
          </button>
        </div>
      </Modal>
    </>
  );
}
