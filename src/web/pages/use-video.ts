import { useEffect, useState } from 'react';
import type { Video } from '../../contract/entities';
import { api, ApiRequestError } from '../lib/api-client';
import { useReconnectAttempt } from '../lib/connection';

type VideoLoad =
  { state: 'loading' } | { state: 'ready'; video: Video } | { state: 'error'; error: unknown };

/**
 * One video from GET /api/video/:id (an unknown id ends in the 404 error); asked again when the
 * connection comes back after it failed for want of one, and on `retry` ('Try again').
 */
export function useVideo(videoId: string): { load: VideoLoad; retry: () => void } {
  const [fetched, setFetched] = useState<{ id: string; load: VideoLoad } | null>(null);
  const [tries, setTries] = useState(0);
  const failure = fetched?.load.state === 'error' ? fetched.load.error : null;
  const attempt = useReconnectAttempt(failure instanceof ApiRequestError && failure.unreachable);

  useEffect(() => {
    let current = true;
    api.call('GET /api/video/{videoId}', { params: { videoId } }).then(
      ({ data }) =>
        current && setFetched({ id: videoId, load: { state: 'ready', video: data.video } }),
      (error: unknown) => current && setFetched({ id: videoId, load: { state: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [videoId, attempt, tries]);

  const retry = () => {
    // The page shows it loading again until the answer comes.
    setFetched(null);
    setTries((count) => count + 1);
  };
  return { load: fetched?.id === videoId ? fetched.load : { state: 'loading' }, retry };
}
