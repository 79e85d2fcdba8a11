import { describe, expect, it } from 'vitest';
import { buildNote, buildVideo } from '../testing/factories';
import {
  ALL_CATEGORIES,
  failedLists,
  LIBRARY_LISTS,
  libraryLoad,
  categoryChips,
  filtersFromParams,
  homePath,
  initialVideosState,
  resultsPath,
  videosReducer,
  type VideosState,
} from './videos-reducer';

const state = (overrides: Partial<VideosState> = {}): VideosState => ({
  ...initialVideosState,
  ...overrides,
});

describe('videosReducer', () => {
  it('LOADING, GET_VIDEOS and ERROR track the catalogue load', () => {
    const loading = videosReducer(state({ error: 'old' }), { type: 'LOADING' });
    expect(loading).toMatchObject({ loading: true, error: null });
    const videos = [buildVideo()];
    expect(
      videosReducer(loading, { type: 'GET_VIDEOS', payload: { videos, total: 30 } }),
    ).toMatchObject({ videos, start: 0, total: 30, more: true, loading: false });
    expect(videosReducer(loading, { type: 'ERROR', payload: 'boom' })).toMatchObject({
      loading: false,
      error: 'boom',
    });
  });

  it('choosing a category clears the search; searching resets the category to All', () => {
    const searched = state({ filters: { category: 'CSS', search: 'grid' } });
    expect(videosReducer(searched, { type: 'SET_CATEGORY', payload: 'HTML' }).filters).toEqual({
      category: 'HTML',
      search: '',
    });
    expect(videosReducer(searched, { type: 'SET_SEARCH', payload: 'flex' }).filters).toEqual({
      category: ALL_CATEGORIES,
      search: 'flex',
    });
  });

  it('SET_FILTERS takes both filters from an address', () => {
    const filters = { category: 'CSS', search: 'Learn' };
    expect(videosReducer(state(), { type: 'SET_FILTERS', payload: filters }).filters).toEqual(
      filters,
    );
  });

  it('LIKE_VIDEO and DISLIKE_VIDEO replace the likes with the server list', () => {
    const [a, b] = [buildVideo(), buildVideo()];
    const liked = videosReducer(state({ likedVideos: [a] }), {
      type: 'LIKE_VIDEO',
      payload: [a, b],
    });
    expect(liked.likedVideos).toEqual([a, b]);
    expect(videosReducer(liked, { type: 'DISLIKE_VIDEO', payload: [b] }).likedVideos).toEqual([b]);
  });

  it('ADD_VIDEO_TO_HISTORY appends a new video and moves a present one to the end', () => {
    const [a, b, c] = [buildVideo(), buildVideo(), buildVideo()];
    const start = state({ history: [a, b] });
    expect(videosReducer(start, { type: 'ADD_VIDEO_TO_HISTORY', payload: c }).history).toEqual([
      a,
      b,
      c,
    ]);
    expect(videosReducer(start, { type: 'ADD_VIDEO_TO_HISTORY', payload: a }).history).toEqual([
      b,
      a,
    ]);
  });

  it('DELETE_VIDEO_FROM_HISTORY filters one out; CLEAR_HISTORY empties it', () => {
    const [a, b] = [buildVideo(), buildVideo()];
    const start = state({ history: [a, b] });
    expect(
      videosReducer(start, { type: 'DELETE_VIDEO_FROM_HISTORY', payload: a._id }).history,
    ).toEqual([b]);
    expect(videosReducer(start, { type: 'CLEAR_HISTORY' }).history).toEqual([]);
  });

  it('a video leaving the history leaves Continue watching too (the server forgot its place)', () => {
    const [a, b] = [buildVideo(), buildVideo()];
    const at = (video: typeof a) => ({ videoId: video._id, seconds: 60, updatedAt: '2026-11-26' });
    const start = state({ history: [a, b], progress: [at(a), at(b)] });
    expect(
      videosReducer(start, { type: 'DELETE_VIDEO_FROM_HISTORY', payload: a._id }).progress,
    ).toEqual([at(b)]);
    expect(videosReducer(start, { type: 'CLEAR_HISTORY' }).progress).toEqual([]);
  });

  it('watch later and notes take the server lists', () => {
    const video = buildVideo();
    const added = videosReducer(state(), { type: 'ADD_VIDEO_TO_WATCH_LATER', payload: [video] });
    expect(added.watchLater).toEqual([video]);
    expect(
      videosReducer(added, { type: 'DELETE_VIDEO_FROM_WATCH_LATER', payload: [] }).watchLater,
    ).toEqual([]);
    const note = buildNote();
    const noted = videosReducer(state(), { type: 'ADD_NOTE', payload: [note] });
    expect(noted.notes).toEqual([note]);
    expect(videosReducer(noted, { type: 'DELETE_NOTE', payload: [] }).notes).toEqual([]);
  });

  it("each list's load has its own status: an action's ERROR leaves it alone", () => {
    const loading = videosReducer(state(), { type: 'LIBRARY_LOADING', payload: LIBRARY_LISTS });
    expect(loading.library).toEqual(libraryLoad(true));
    const failed = videosReducer(loading, {
      type: 'LIBRARY_LIST_FAILED',
      payload: { list: 'notes', error: 'offline' },
    });
    const likesIn = videosReducer(failed, { type: 'LIBRARY_LIST_LOADED', payload: 'likes' });
    expect(likesIn.library.notes).toEqual({ loading: false, error: 'offline' });
    expect(likesIn.library.likes).toEqual({ loading: false, error: null });
    expect(likesIn.library.history).toEqual({ loading: true, error: null });
    expect(failedLists(likesIn.library)).toEqual(['notes']);
    // Loading the failed one again leaves the others as they are.
    const again = videosReducer(likesIn, { type: 'LIBRARY_LOADING', payload: ['notes'] });
    expect(again.library.notes).toEqual({ loading: true, error: null });
    expect(again.library.likes).toEqual({ loading: false, error: null });
    const loaded = videosReducer(again, { type: 'LIBRARY_LIST_LOADED', payload: 'notes' });
    expect(failedLists(loaded.library)).toEqual([]);
    // A failed like or progress save: product §3's error is set, the lists' status is not.
    const afterAction = videosReducer(loaded, { type: 'ERROR', payload: 'like failed' });
    expect(afterAction.error).toBe('like failed');
    expect(failedLists(afterAction.library)).toEqual([]);
  });

  it("CLEAR_USER_DATA forgets the user's lists but keeps the catalogue", () => {
    const video = buildVideo();
    const full = state({
      videos: [video],
      history: [video],
      likedVideos: [video],
      watchLater: [video],
      notes: [buildNote()],
      library: { ...libraryLoad(false), likes: { loading: false, error: 'offline' } },
    });
    expect(videosReducer(full, { type: 'CLEAR_USER_DATA' })).toEqual(state({ videos: [video] }));
  });
});

describe('home filters in the address', () => {
  it('reads category and search, All when there is no category', () => {
    expect(filtersFromParams(new URLSearchParams('category=CSS&search=Learn'))).toEqual({
      category: 'CSS',
      search: 'Learn',
    });
    expect(filtersFromParams(new URLSearchParams(''))).toEqual({
      category: ALL_CATEGORIES,
      search: '',
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(homePath({ category: ALL_CATEGORIES, search: '' })).toBe('/');
    expect(homePath({ category: 'React Js', search: '' })).toBe('/?category=React+Js');
    const filters = { category: 'C & C++', search: 'a=b ?#' };
    const query = homePath(filters).slice(2);
    expect(filtersFromParams(new URLSearchParams(query))).toEqual(filters);
  });

  it('the results page carries its query', () => {
    expect(resultsPath('café & co')).toBe('/results?q=caf%C3%A9+%26+co');
  });

  it('the chips are All and each category name the server lists', () => {
    expect(categoryChips(['HTML', 'CSS', 'Javascript'])).toEqual([
      'All',
      'HTML',
      'CSS',
      'Javascript',
    ]);
    expect(categoryChips([])).toEqual(['All']);
  });
});
