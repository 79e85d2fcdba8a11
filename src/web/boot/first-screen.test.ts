import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_QUERY_TEXT } from '../../contract/limits';
import { setTokenSource, setTransport } from '../lib/api-client';
import { createQueryClient } from '../data/query-client';
import { videoRead } from '../data/reads';
import {
  categoryNamesRead,
  homeListRead,
  searchListRead,
  trendingListRead,
  upNextRead,
} from '../features/videos/videos-service';
import { CATEGORY_NAMES_PATH } from '../features/videos/video-paths';
import { filtersFromParams } from '../state/videos-reducer';
import { SCREENS } from '../lib/screens';
import { firstScreen } from './first-screen';

/** The paths the screens' own first requests use, as the API client sends them. */
let asked: string[] = [];
/** The app's query cache, fresh for each test. */
let client = createQueryClient();

beforeEach(() => {
  asked = [];
  client = createQueryClient();
  setTokenSource(() => null);
  setTransport((request) => {
    const url = new URL(request.url);
    asked.push(url.pathname + url.search);
    return Promise.resolve(
      Response.json({ videos: [], video: {}, categoryNames: [], total: 0 }, { status: 200 }),
    );
  });
});
afterEach(() => {
  delete window.__codetubeEarlyRequests;
});

describe('the first screen the boot script prepares', () => {
  it('asks for the home grid and the category names as home does, filters included', async () => {
    for (const search of [
      '',
      '?category=CSS',
      '?search=Learn%20CSS&category=CSS',
      '?search=a%26b',
    ]) {
      asked = [];
      client = createQueryClient();
      await client.fetchQuery(categoryNamesRead());
      const filters = filtersFromParams(new URLSearchParams(search));
      await client.fetchInfiniteQuery(homeListRead(filters, 'default'));
      expect(firstScreen('/', search).requests).toEqual(asked);
    }
  });

  it('asks for trending, search results and a video as their pages do', async () => {
    await client.fetchInfiniteQuery(trendingListRead('default'));
    expect(firstScreen('/trending', '')).toEqual({ requests: asked, page: SCREENS.trending.page });

    asked = [];
    await client.fetchInfiniteQuery(searchListRead('learn css & html', 'default'));
    expect(firstScreen('/results', '?q=%20learn+css+%26+html%20')).toEqual({
      requests: asked,
      page: SCREENS.results.page,
    });

    asked = [];
    await client.fetchQuery(videoRead('a b'));
    await client.fetchQuery(upNextRead('a b'));
    expect(firstScreen('/watch/a%20b', '')).toEqual({ requests: asked, page: SCREENS.watch.page });
  });

  it('fetches the courses screens’ code ahead (issue 30), as the server renders their data', () => {
    expect(firstScreen('/courses', '')).toEqual({ requests: [], page: SCREENS.courses.page });
    expect(firstScreen('/course/web-development-basics', '')).toEqual({
      requests: [],
      page: SCREENS.course.page,
    });
    expect(firstScreen('/course/a/b', '')).toEqual({ requests: [] });
  });

  it('asks for nothing where the screen has nothing to ask or is not one it knows', () => {
    expect(firstScreen('/results', '')).toEqual({ requests: [], page: SCREENS.results.page });
    expect(firstScreen('/watch/%E0%A4%A', '')).toEqual({ requests: [] });
    expect(firstScreen('/history', '')).toEqual({ requests: [] });
    expect(firstScreen('/mock', '')).toEqual({ requests: [] });
  });

  it('asks for no search longer than the API takes: the screens say so instead', () => {
    const tooLong = new URLSearchParams({ q: 'a'.repeat(MAX_QUERY_TEXT + 1) }).toString();
    expect(firstScreen('/results', `?${tooLong}`)).toEqual({
      requests: [],
      page: SCREENS.results.page,
    });
    const longSearch = new URLSearchParams({ search: 'a'.repeat(MAX_QUERY_TEXT + 1) }).toString();
    expect(firstScreen('/', `?${longSearch}`).requests).toEqual([CATEGORY_NAMES_PATH]);
    // At the limit once trimmed, the search is asked for.
    const atLimit = new URLSearchParams({ q: ` ${'a'.repeat(MAX_QUERY_TEXT)} ` }).toString();
    expect(firstScreen('/results', `?${atLimit}`).requests).toHaveLength(1);
  });
});
