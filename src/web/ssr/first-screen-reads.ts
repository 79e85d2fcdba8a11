import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { courseRead, coursesRead } from '../data/course-reads';
import { videoRead } from '../data/reads';
import {
  categoryNamesRead,
  channelPageFetcher,
  homePageFetcher,
  searchPageFetcher,
  trendingPageFetcher,
  upNextRead,
  type PageFetcher,
} from '../features/videos/videos-service';
import { VIDEO_PAGE_SIZE } from '../state/video-window';
import { filtersFromParams, resultsQuery, searchTooLong } from '../state/videos-reducer';

const firstPage = (fetchPage: PageFetcher) =>
  fetchPage(0, VIDEO_PAGE_SIZE, new AbortController().signal);

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
    if (!searchTooLong(filters.search)) reads.push(firstPage(homePageFetcher(client, filters)));
  } else if (pathname === '/trending') {
    reads.push(firstPage(trendingPageFetcher(client)));
  } else if (pathname === '/courses') {
    reads.push(client.fetchQuery(coursesRead()));
  } else if (pathname === '/results') {
    const query = resultsQuery(searchParams);
    if (query !== '' && !searchTooLong(query)) {
      reads.push(firstPage(searchPageFetcher(client, query)));
    }
  } else {
    const watch = matchPath('/watch/:videoId', pathname);
    const channel = matchPath('/channel/:channelName', pathname);
    const course = matchPath('/course/:slug', pathname);
    if (watch?.params.videoId) {
      reads.push(client.fetchQuery(videoRead(watch.params.videoId)));
      reads.push(client.fetchQuery(upNextRead(watch.params.videoId)));
    } else if (channel?.params.channelName) {
      reads.push(firstPage(channelPageFetcher(client, channel.params.channelName)));
    } else if (course?.params.slug) {
      reads.push(client.fetchQuery(courseRead(course.params.slug)));
    }
  }
  await Promise.all(reads);
}
