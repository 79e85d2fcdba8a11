import { publicRead } from '../../data/reads';
import { ApiRequestError } from '../../lib/api-client';

/**
 * A video's transcript (GET /api/video/:id/transcript). A 404 (no transcript) is an answer, not a
 * failure to ask again; it changes only with the catalogue, so it is not asked again on a visit.
 */
export const transcriptRead = (videoId: string) => ({
  ...publicRead('GET /api/video/{videoId}/transcript', { params: { videoId } }),
  staleTime: Infinity,
  retry: (failures: number, error: unknown) =>
    !(error instanceof ApiRequestError && error.status === 404) && failures < 2,
});

/** Whether a failed transcript read means the video has none. */
export const hasNoTranscript = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 404;
