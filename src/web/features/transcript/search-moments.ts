import type { QueryClient } from '@tanstack/react-query';
import type { TranscriptMoment } from '../../../contract/entities';

/** A search answer: its moments, if any. */
interface Answer {
  moments?: TranscriptMoment[];
}

/**
 * The moments the results page's answers for `query` carry (a transcript match: where the text is
 * said), by video id: read from the pages kept in the query cache, whatever page brought them.
 */
export function searchMoments(client: QueryClient, query: string): Map<string, TranscriptMoment> {
  const moments = new Map<string, TranscriptMoment>();
  const answers = client.getQueriesData<Answer | { pages: Answer[] }>({
    queryKey: ['GET /api/videos/search'],
  });
  for (const [key, answer] of answers) {
    const init = key[1] as { query?: { q?: string } } | undefined;
    if (init?.query?.q !== query || !answer) continue;
    // A listing's pages (its infinite query) or one page.
    for (const page of 'pages' in answer ? answer.pages : [answer]) {
      for (const moment of page.moments ?? []) moments.set(moment.videoId, moment);
    }
  }
  return moments;
}
