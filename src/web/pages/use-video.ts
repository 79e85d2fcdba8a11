import { useEffect, useState } from 'react';
import type { Video } from '../../contract/entities';
import type { VideoResponse } from '../../contract/responses';
import { api } from '../lib/api-client';
import { useVideos } from '../state/use-store';

type VideoLoad =
  { state: 'loading' } | { state: 'ready'; video: Video } | { state: 'error'; error: unknown };

/** One video: from the loaded catalogue when it is there, else from GET /api/video/:id. */
export function useVideo(videoId: string): VideoLoad {
  const { state } = useVideos();
  const known = state.videos.find((video) => video._id === videoId);
  const [fetched, setFetched] = useState<{ id: string; load: VideoLoad } | null>(null);

  useEffect(() => {
    if (known) return;
    let current = true;
    api.get<VideoResponse>(`/api/video/${encodeURIComponent(videoId)}`).then(
      ({ data }) =>
        current && setFetched({ id: videoId, load: { state: 'ready', video: data.video } }),
      (error: unknown) => current && setFetched({ id: videoId, load: { state: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [known, videoId]);

  if (known) return { state: 'ready', video: known };
  return fetched?.id === videoId ? fetched.load : { state: 'loading' };
}
