import type { QueryClient } from '@tanstack/react-query';
import { matchScreen, type FirstRead } from '../lib/screens';
import { courseRead, coursesRead } from '../data/course-reads';
import { videoRead } from '../data/reads';
import {
  categoryNamesRead,
  channelListRead,
  homeListRead,
  searchListRead,
  trendingListRead,
  upNextRead,
  type CatalogueListRead,
} from '../features/videos/videos-service';

/**
 * A listing's first page, as its infinite query on the history entry a server render (and the
 * browser's first page load) is on: React Router's 'default'.
 */
const firstPage = (client: QueryClient, read: (entry: string) => CatalogueListRead) =>
  client.fetchInfiniteQuery(read('default'));

/** A first read into the cache, with the very read (and key) its screen uses. */
function readInto(client: QueryClient, read: FirstRead): Promise<unknown> {
  switch (read.read) {
    case 'category-names':
      return client.fetchQuery(categoryNamesRead());
    case 'home-grid':
      return firstPage(client, (entry) => homeListRead(read.filters, entry));
    case 'trending':
      return firstPage(client, trendingListRead);
    case 'search':
      return firstPage(client, (entry) => searchListRead(read.query, entry));
    case 'video':
      return client.fetchQuery(videoRead(read.videoId));
    case 'up-next':
      return client.fetchQuery(upNextRead(read.videoId));
    case 'channel':
      return firstPage(client, (entry) => channelListRead(read.channelName, entry));
    case 'courses':
      return client.fetchQuery(coursesRead());
    case 'course':
      return client.fetchQuery(courseRead(read.slug));
  }
}

/**
 * What the public pages show first (their screen's reads, lib/screens.ts: the home grid and its
 * chips, trending, search results, a watch page's video and up next, a channel's videos, the
 * courses), read into the cache with the very reads (and keys) their screens use. Rejects when a
 * read fails (the page is then not rendered: the app asks, and says what went wrong, in the
 * browser). Other addresses read nothing: their screens render as their first render draws them
 * (a signed-in screen waits for the session).
 */
export async function readFirstScreen(client: QueryClient, at: URL): Promise<void> {
  const match = matchScreen(at.pathname);
  const reads = match?.screen.reads?.({ params: match.params, search: at.searchParams }) ?? [];
  await Promise.all(reads.map((read) => readInto(client, read)));
}
