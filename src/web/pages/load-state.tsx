import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import buttons from '../components/ui/button.module.css';
import { BrowseVideos, EmptyState } from '../components/ui/empty-state';
import { LoadingCards } from '../components/ui/loading-cards';
import { loadFailureText } from './load-failure-text';

interface LoadStateProps {
  loading: boolean;
  error: unknown;
  /** What a failure with status 500 reads (product §8: history says 'Unable to load data'). */
  serverErrorText?: string;
  /** Loads the screen again: the error state then offers 'Try again'. */
  onRetry?: () => void;
  /** False where 'Browse videos' would lead to this very screen (home). */
  browse?: boolean;
  children: ReactNode;
}

/**
 * While loading, grey cards (a 'Loading…' status); on failure, an error state whose message is
 * product §8's text (loadFailureText), 'Try again' when the screen can load again, and the way
 * home; otherwise the screen.
 */
export function LoadState({
  loading,
  error,
  serverErrorText,
  onRetry,
  browse = true,
  children,
}: LoadStateProps) {
  if (loading) return <LoadingCards />;
  if (error) {
    const retry = onRetry && (
      <button
        type="button"
        className={buttons.primary}
        onClick={() => {
          onRetry();
          // The button goes away while the screen loads: the focus stays in the page's content.
          document.getElementById('main')?.focus();
        }}
      >
        Try again
      </button>
    );
    return (
      <EmptyState
        icon={TriangleAlert}
        title="Something went wrong"
        alert
        action={
          retry ? (
            <>
              {retry}
              {browse && (
                <Link to="/" className={buttons.button}>
                  Browse videos
                </Link>
              )}
            </>
          ) : (
            <BrowseVideos />
          )
        }
      >
        {loadFailureText(error, serverErrorText)}
      </EmptyState>
    );
  }
  return children;
}
