import { act, renderHook, waitFor } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import type { PageFetcher } from '../features/videos/videos-service';
import {
  VIDEO_PAGE_SIZE,
  emptyVideoWindow,
  videoWindowReducer,
  type VideoPage,
} from '../state/video-window';
import { buildVideo } from '../testing/factories';
import { useVideoPages } from './use-video-pages';

/** A fetcher whose answers the test releases by hand, in any order. */
function manualFetcher() {
  const calls: {
    offset: number;
    limit: number;
    answer: (page: VideoPage) => void;
    fail: (error: unknown) => void;
  }[] = [];
  const fetchPage: PageFetcher = (offset, limit) =>
    new Promise((answer, fail) => calls.push({ offset, limit, answer, fail }));
  return { calls, fetchPage };
}

function usePaged(key: string, fetchPage: PageFetcher) {
  const [state, dispatch] = useReducer(videoWindowReducer, emptyVideoWindow);
  return { state, pages: useVideoPages({ key, fetchPage, state, dispatch }) };
}

const page = (count: number, total: number): VideoPage => ({
  videos: Array.from({ length: count }, () => buildVideo()),
  total,
});

describe('useVideoPages', () => {
  it('shows the newest query only, whatever order the answers come in', async () => {
    const { calls, fetchPage } = manualFetcher();
    const { result, rerender } = renderHook(({ key }) => usePaged(key, fetchPage), {
      initialProps: { key: 'J' },
    });
    expect(result.current.pages.loading).toBe(true);
    rerender({ key: 'Ja' });
    rerender({ key: 'Jav' });
    expect(calls).toHaveLength(3);

    const newest = page(2, 2);
    await act(async () => calls[2]!.answer(newest));
    expect(result.current.state.videos).toEqual(newest.videos);
    // Older keystrokes answer late: ignored.
    await act(async () => calls[0]!.answer(page(5, 5)));
    await act(async () => calls[1]!.fail(new Error('late')));
    expect(result.current.state.videos).toEqual(newest.videos);
    expect(result.current.pages.error).toBeNull();
    expect(result.current.pages.empty).toBe(false);
  });

  it('asks for the next page after the window, once, and appends it', async () => {
    const { calls, fetchPage } = manualFetcher();
    const { result } = renderHook(() => usePaged('all', fetchPage));
    await act(async () => calls[0]!.answer(page(VIDEO_PAGE_SIZE, 30)));
    expect(result.current.pages.hasLater).toBe(true);

    act(() => {
      result.current.pages.showMore();
      result.current.pages.showMore();
    });
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ offset: VIDEO_PAGE_SIZE, limit: VIDEO_PAGE_SIZE });
    await act(async () => calls[1]!.answer(page(6, 30)));
    expect(result.current.state.videos).toHaveLength(30);
    expect(result.current.pages.hasLater).toBe(false);
  });

  it('a failed next page offers a retry and keeps what is shown', async () => {
    const { calls, fetchPage } = manualFetcher();
    const { result } = renderHook(() => usePaged('all', fetchPage));
    await act(async () => calls[0]!.answer(page(VIDEO_PAGE_SIZE, 100)));
    act(() => result.current.pages.showMore());
    await act(async () => calls[1]!.fail(new Error('offline')));
    expect(result.current.pages.moreError).toEqual(new Error('offline'));
    expect(result.current.state.videos).toHaveLength(VIDEO_PAGE_SIZE);
    act(() => result.current.pages.retry());
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.offset).toBe(VIDEO_PAGE_SIZE);
  });

  it('a failed first page is this list’s error; an empty answer is empty', async () => {
    const { calls, fetchPage } = manualFetcher();
    const { result, rerender } = renderHook(({ key }) => usePaged(key, fetchPage), {
      initialProps: { key: 'a' },
    });
    await act(async () => calls[0]!.fail(new Error('down')));
    expect(result.current.pages.error).toEqual(new Error('down'));
    rerender({ key: 'b' });
    expect(result.current.pages.error).toBeNull();
    await act(async () => calls[1]!.answer(page(0, 0)));
    expect(result.current.pages.empty).toBe(true);
  });
});
