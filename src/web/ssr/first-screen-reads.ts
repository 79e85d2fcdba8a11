import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
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
import { filtersFromParams, resultsQuery, searchTooLong } from '../state/videos-reducer';

/**
 * A listing's first page, as its infinite query on the history entry a server render (and the
 * browser's first page load) is on: React Router's 'default'.
 */
const firstPage = (client: QueryClient, read: (entry: string) => CatalogueListRead) =>
  client.fetchInfiniteQuery(read('default'));

/**
 * What the public pages show first, read into the cache with the very reads (and keys) their
 * screens use: the home grid and its chips, trending, search results, a watch page's video and
 * up next, a channel's videos. Rejects when a read fails (the page is then not rendered: the app
 * asks, and says what went wrong, in the browser). Other addresses read nothing: their screens
 * render as their first render draws them (a signed-in screen waits for the session).
 */
export async function readFirstScreen(client: QueryClient, at: URL): Promise<void> {
  const { pathname, searchParams } = at;
  const reads: Promise<unknown>[] = [];
  if (pathname === '/') {
    const filters = filtersFromParams(searchParams);
    reads.push(client.fetchQuery(categoryNamesRead()));
    if (!searchTooLong(filters.search))
      reads.push(firstPage(client, (entry) => homeListRead(filters, entry)));
  } else if (pathname === '/trending') {
    reads.push(firstPage(client, trendingListRead));
  } else if (pathname === '/courses') {
    reads.push(client.fetchQuery(coursesRead()));
  } else if (pathname === '/results') {
    const query = resultsQuery(searchParams);
    if (query !== '' && !searchTooLong(query)) {
      reads.push(firstPage(client, (entry) => searchListRead(query, entry)));
    }
  } else {
    const watch = matchPath('/watch/:videoId', pathname);
    const channel = matchPath('/channel/:channelName', pathname);
    const course = matchPath('/course/:slug', pathname);
    if (watch?.params.videoId) {
      reads.push(client.fetchQuery(videoRead(watch.params.videoId)));
      reads.push(client.fetchQuery(upNextRead(watch.params.videoId)));
    } else if (channel?.params.channelName) {
      const name = channel.params.channelName;
      reads.push(firstPage(client, (entry) => channelListRead(name, entry)));
    } else if (course?.params.slug) {
      reads.push(client.fetchQuery(courseRead(course.params.slug)));
    }
  }
  await Promise.all(reads);
}
