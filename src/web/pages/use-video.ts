import { startTransition, useEffect, useState } from 'react';
import type { Video } from '../../contract/entities';
import type { VideoResponse } from '../../contract/responses';
import { videoPath } from '../features/videos/video-paths';
import { api } from '../lib/api-client';

type VideoLoad =
  { state: 'loading' } | { state: 'ready'; video: Video } | { state: 'error'; error: unknown };

/** One video from GET /api/video/:id (an unknown id ends in the 404 error). */
export function useVideo(videoId: string): VideoLoad {
  const [fetched, setFetched] = useState<{ id: string; load: VideoLoad } | null>(null);

  useEffect(() => {
    let current = true;
    api.get<VideoResponse>(videoPath(videoId)).then(
      ({ data }) =>
        current &&
        // A transition: the watch page is drawn in slices that yield to input.
        startTransition(() =>
          setFetched({ id: videoId, load: { state: 'ready', video: data.video } }),
        ),
      (error: unknown) => current && setFetched({ id: videoId, load: { state: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [videoId]);

  return fetched?.id === videoId ? fetched.load : { state: 'loading' };
}
