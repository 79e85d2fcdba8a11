import type { ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state';
import { LoadingCards } from '../components/ui/loading-cards';
import { ApiRequestError } from '../lib/api-client';

interface LoadStateProps {
  loading: boolean;
  error: unknown;
  /** What a failure with status 500 reads (product §8: history says 'Unable to load data'). */
  serverErrorText?: string;
  children: ReactNode;
}

/** product §8's text for a failed load: the status text (a 500 may have the screen's own). */
export function loadFailureText(error: unknown, serverErrorText?: string): string {
  if (!(error instanceof ApiRequestError)) return 'Unable to load data';
  if (error.status === 500 && serverErrorText) return serverErrorText;
  return error.statusText || error.message;
}

/**
 * While loading, grey cards (a 'Loading…' status); on failure, an error state whose message is product §8's text (the
 * error's status text) and the way home; otherwise the screen.
 */
export function LoadState({ loading, error, serverErrorText, children }: LoadStateProps) {
  if (loading) return <LoadingCards />;
  if (error) {
    return (
      <EmptyState icon={TriangleAlert} title="Something went wrong" alert>
        {loadFailureText(error, serverErrorText)}
      </EmptyState>
    );
  }
  return children;
}
