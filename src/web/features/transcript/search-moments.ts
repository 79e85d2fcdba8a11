import type { QueryClient } from '@tanstack/react-query';
import type { TranscriptMoment } from '../../../contract/entities';

/**
 * The moments the results page's answers for `query` carry (a transcript match: where the text is
 * said), by video id: read from the pages kept in the query cache, whatever page brought them.
 */
export function searchMoments(client: QueryClient, query: string): Map<string, TranscriptMoment> {
  const moments = new Map<string, TranscriptMoment>();
  const answers = client.getQueriesData<{ moments?: TranscriptMoment[] }>({
    queryKey: ['GET /api/videos/search'],
  });
  for (const [key, answer] of answers) {
    const init = key[1] as { query?: { q?: string } } | undefined;
    if (init?.query?.q !== query) continue;
    for (const moment of answer?.moments ?? []) moments.set(moment.videoId, moment);
  }
  return moments;
}
