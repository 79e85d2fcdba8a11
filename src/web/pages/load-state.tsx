import type { ReactNode } from 'react';
import { ApiRequestError } from '../lib/api-client';

interface LoadStateProps {
  loading: boolean;
  error: unknown;
  /** What a failure with status 500 reads (SPEC §8: history says 'Unable to load data'). */
  serverErrorText?: string;
  children: ReactNode;
}

/** SPEC §8: while loading, a status; on failure, the error's status text; otherwise the screen. */
export function LoadState({ loading, error, serverErrorText, children }: LoadStateProps) {
  if (loading) return <p role="status">Loading…</p>;
  if (error) {
    const text =
      error instanceof ApiRequestError
        ? error.status === 500 && serverErrorText
          ? serverErrorText
          : error.statusText || error.message
        : 'Unable to load data';
    return <p role="alert">{text}</p>;
  }
  return children;
}
