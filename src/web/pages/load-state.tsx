import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import buttons from '../components/ui/button.module.css';
import { browseVideos, EmptyState } from '../components/ui/empty-state';
import { LoadingCards } from '../components/ui/loading-cards';
import { ApiRequestError, firstError } from '../lib/api-client';

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
 * What a failed load says. product §8: a list screen shows the error's status text (a 500 may
 * have the screen's own text instead). An answer with no status text (HTTP/2 has none; a timeout
 * or a cut connection has no answer) says the server's message (the first entry of the error
 * body), or else a plain sentence.
 */
export function loadFailureText(error: unknown, serverErrorText?: string): string {
  if (!(error instanceof ApiRequestError)) return 'Unable to load data';
  if (error.status === 500 && serverErrorText) return serverErrorText;
  if (error.statusText) return error.statusText;
  const message = firstError(error.data);
  if (message) return message;
  return error.status >= 500
    ? 'The server could not answer right now.'
    : 'The server could not answer this request.';
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
            browseVideos
          )
        }
      >
        {loadFailureText(error, serverErrorText)}
      </EmptyState>
    );
  }
  return children;
}
