import { describe, expect, it } from 'vitest';
import { buildVideo } from '../testing/factories';
import {
  MAX_KEPT_VIDEOS,
  VIDEO_PAGE_SIZE,
  emptyVideoWindow,
  videoWindowReducer,
  type VideoWindowState,
} from './video-window';

const videos = (count: number) => Array.from({ length: count }, () => buildVideo());

function firstPage(total: number, totalCapped?: boolean): VideoWindowState {
  return videoWindowReducer(emptyVideoWindow, {
    type: 'GET_VIDEOS',
    payload: { videos: videos(VIDEO_PAGE_SIZE), total, totalCapped },
  });
}

const end = (state: VideoWindowState) => state.start + state.videos.length;

describe('videoWindowReducer', () => {
  it('LOADING keeps the videos on screen until the answer replaces them', () => {
    const shown = firstPage(100);
    const loading = videoWindowReducer(shown, { type: 'LOADING' });
    expect(loading.videos).toBe(shown.videos);
    expect(loading.loading).toBe(true);
    const next = videos(3);
    const replaced = videoWindowReducer(loading, {
      type: 'GET_VIDEOS',
      payload: { videos: next, total: 3 },
    });
    expect(replaced).toMatchObject({ videos: next, start: 0, total: 3, more: false });
  });

  it('a page without a total (a bare listing) counts what it holds', () => {
    const list = videos(6);
    const state = videoWindowReducer(emptyVideoWindow, {
      type: 'GET_VIDEOS',
      payload: { videos: list },
    });
    expect(state).toMatchObject({ total: 6, more: false });
  });

  it('GET_MORE_VIDEOS appends until the total', () => {
    let state = firstPage(30);
    expect(state.more).toBe(true);
    state = videoWindowReducer(state, {
      type: 'GET_MORE_VIDEOS',
      at: end(state),
      payload: { videos: videos(6), total: 30 },
    });
    expect(state).toMatchObject({ start: 0, total: 30, more: false });
    expect(state.videos).toHaveLength(30);
  });

  it('keeps at most MAX_KEPT_VIDEOS, dropping the start, and fetches it back on the way up', () => {
    let state = firstPage(10_000);
    const pages = MAX_KEPT_VIDEOS / VIDEO_PAGE_SIZE + 3;
    for (let page = 1; page < pages; page += 1) {
      state = videoWindowReducer(state, {
        type: 'GET_MORE_VIDEOS',
        at: end(state),
        payload: { videos: videos(VIDEO_PAGE_SIZE), total: 10_000 },
      });
    }
    expect(state.videos).toHaveLength(MAX_KEPT_VIDEOS);
    expect(state.start).toBe(3 * VIDEO_PAGE_SIZE);
    const lastKept = state.videos.at(-1);

    const earlier = videos(VIDEO_PAGE_SIZE);
    state = videoWindowReducer(state, {
      type: 'GET_EARLIER_VIDEOS',
      at: state.start,
      payload: { videos: earlier, total: 10_000 },
    });
    expect(state.start).toBe(2 * VIDEO_PAGE_SIZE);
    expect(state.videos).toHaveLength(MAX_KEPT_VIDEOS);
    expect(state.videos[0]).toBe(earlier[0]);
    expect(state.videos).not.toContain(lastKept);
    expect(state.more).toBe(true);
  });

  it('an earlier page never reaches before the start of the listing', () => {
    const state: VideoWindowState = { ...firstPage(100), start: 5 };
    const earlier = videoWindowReducer(state, {
      type: 'GET_EARLIER_VIDEOS',
      at: state.start,
      payload: { videos: videos(8), total: 100 },
    });
    expect(earlier.start).toBe(0);
    expect(earlier.videos).toHaveLength(VIDEO_PAGE_SIZE + 5);
  });

  it('past a capped total, more follows while pages come back full', () => {
    let state = firstPage(1000, true);
    expect(state.more).toBe(true);
    state = videoWindowReducer(state, {
      type: 'GET_MORE_VIDEOS',
      at: end(state),
      payload: { videos: videos(4), total: 1000, totalCapped: true },
    });
    expect(state.more).toBe(true);
    const atCap: VideoWindowState = { ...state, start: 1000 - state.videos.length };
    const past = videoWindowReducer(atCap, {
      type: 'GET_MORE_VIDEOS',
      at: end(atCap),
      payload: { videos: videos(VIDEO_PAGE_SIZE), total: 1000, totalCapped: true },
    });
    expect(past.more).toBe(true);
    const last = videoWindowReducer(past, {
      type: 'GET_MORE_VIDEOS',
      at: end(past),
      payload: { videos: videos(2), total: 1000, totalCapped: true },
    });
    expect(last.more).toBe(false);
  });

  it('ignores a second answer for a page it already has (a repeated request)', () => {
    const state = firstPage(100);
    const page = { videos: videos(VIDEO_PAGE_SIZE), total: 100 };
    const once = videoWindowReducer(state, {
      type: 'GET_MORE_VIDEOS',
      payload: page,
      at: end(state),
    });
    const twice = videoWindowReducer(once, {
      type: 'GET_MORE_VIDEOS',
      payload: page,
      at: end(state),
    });
    expect(twice).toBe(once);
    expect(twice.videos).toHaveLength(2 * VIDEO_PAGE_SIZE);
    const stale = videoWindowReducer(
      { ...once, start: 24 },
      {
        type: 'GET_EARLIER_VIDEOS',
        payload: page,
        at: 48,
      },
    );
    expect(stale.start).toBe(24);
  });

  it('ERROR stops loading and keeps the failure', () => {
    const failed = videoWindowReducer(
      { ...emptyVideoWindow, loading: true },
      {
        type: 'ERROR',
        payload: 'boom',
      },
    );
    expect(failed).toMatchObject({ loading: false, error: 'boom' });
  });
});

describe('a kept window', () => {
  it('shows again as it was, loaded', () => {
    const kept = { videos: videos(3), start: 240, total: 1000, totalCapped: false, more: true };
    const loading = videoWindowReducer(firstPage(50), { type: 'LOADING' });
    expect(
      videoWindowReducer(loading, { type: 'RESTORE_VIDEOS', payload: kept, listing: 'home' }),
    ).toEqual({
      ...kept,
      loading: false,
      error: null,
      paging: { listing: 'home', error: null, pending: null, moreError: null },
    });
  });
});

describe("a listing's paging", () => {
  it('is settled for the listing whose first page came, or failed; a new one starts unsettled', () => {
    let state = videoWindowReducer(emptyVideoWindow, { type: 'LOADING', listing: 'css' });
    expect(state.paging.listing).toBeNull();
    state = videoWindowReducer(state, {
      type: 'GET_VIDEOS',
      payload: { videos: videos(24), total: 100 },
      listing: 'css',
    });
    expect(state.paging).toEqual({ listing: 'css', error: null, pending: null, moreError: null });
    const failure = new Error('offline');
    state = videoWindowReducer(state, { type: 'LOADING', listing: 'html' });
    state = videoWindowReducer(state, { type: 'ERROR', payload: failure, listing: 'html' });
    expect(state.paging).toEqual({
      listing: 'html',
      error: failure,
      pending: null,
      moreError: null,
    });
    // Another feature's failure is the store's error, not the listing's.
    const other = videoWindowReducer(firstPage(50), { type: 'ERROR', payload: failure });
    expect(other.error).toBe(failure);
    expect(other.paging.error).toBeNull();
  });

  it('tracks the neighbour page on its way, and why it failed, until the next one is asked', () => {
    let state = firstPage(100);
    state = videoWindowReducer(state, { type: 'MORE_LOADING', direction: 'later' });
    expect(state.paging.pending).toBe('later');
    const failure = new Error('offline');
    state = videoWindowReducer(state, { type: 'MORE_ERROR', direction: 'later', payload: failure });
    expect(state.paging).toMatchObject({
      pending: null,
      moreError: { direction: 'later', error: failure },
    });
    state = videoWindowReducer(state, { type: 'MORE_LOADING', direction: 'later' });
    expect(state.paging).toMatchObject({ pending: 'later', moreError: null });
    state = videoWindowReducer(state, {
      type: 'GET_MORE_VIDEOS',
      payload: { videos: videos(24), total: 100 },
      at: 24,
    });
    expect(state.paging.pending).toBeNull();
    expect(state.videos).toHaveLength(48);
    // An answer for a place the window has left still ends the wait.
    state = videoWindowReducer(state, { type: 'MORE_LOADING', direction: 'later' });
    state = videoWindowReducer(state, {
      type: 'GET_MORE_VIDEOS',
      payload: { videos: videos(24), total: 100 },
      at: 24,
    });
    expect(state.paging.pending).toBeNull();
    expect(state.videos).toHaveLength(48);
  });
});
