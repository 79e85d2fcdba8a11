import { History, Trash2 } from 'lucide-react';
import buttons from '../components/ui/button.module.css';
import { clearHistory, historyTexts } from '../features/history/history-service';
import { useVideos } from '../state/use-store';
import { VideoListScreen } from './video-list-screen';

/** /history: most recent last, as the server keeps it; 'Clear History' empties it. */
export default function HistoryPage() {
  const { state, dispatch } = useVideos();
  return (
    <VideoListScreen
      title={historyTexts.heading}
      videos={state.history}
      emptyText={historyTexts.empty}
      emptyTitle="No watch history yet"
      emptyIcon={History}
      loading={state.loading}
      error={state.error}
      serverErrorText={historyTexts.loadFailed}
      place={{ onHistoryPage: true }}
      actions={
        state.history.length > 0 && (
          <button
            type="button"
            className={buttons.button}
            onClick={() => void clearHistory(dispatch)}
          >
            <Trash2 aria-hidden size={18} />
            {historyTexts.clear}
          </button>
        )
      }
    />
  );
}
