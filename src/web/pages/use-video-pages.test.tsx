import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
} from '@testing-library/react';
import { createElement, Profiler, useState, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { dehydrate, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { SERVER_DATA_ID, takeServerData } from '../data/first-screen-data';
import { createQueryClient } from '../data/query-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  searchListRead,
  trendingListRead,
  type CatalogueListRead,
} from '../features/videos/videos-service';
import { MAX_KEPT_VIDEOS, VIDEO_PAGE_SIZE, type VideoPage } from '../state/video-window';
import { buildVideo } from '../testing/factories';
import { useVideoPages } from './use-video-pages';

/** A listing's read (trending, or a search for another name) the test answers by hand, in any order. */
function manualFetcher() {
  const calls: {
    offset: number;
    limit: number;
    answer: (page: VideoPage) => void;
    fail: (error: unknown) => void;
    signal: AbortSignal;
  }[] = [];
  const readOf =
    (listing: string) =>
    (entry: string): CatalogueListRead => ({
      ...(listing === 'trending' ? trendingListRead(entry) : searchListRead(listing, entry)),
      queryFn: ({ pageParam, signal }) =>
        new Promise((answer, fail) =>
          calls.push({ offset: pageParam, limit: VIDEO_PAGE_SIZE, answer, fail, signal }),
        ),
    });
  return { calls, readOf };
}
type ListingRead = ReturnType<typeof manualFetcher>['readOf'];

/**
 * The router the pages run in, on a history entry of its own: what a list screen keeps is kept
 * per entry, and no test finds another's.
 */
function inRouter(client = createQueryClient(), key: string = crypto.randomUUID()) {
  const entry = { pathname: '/', key };
  return function Router({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
  };
}

function usePaged(key: string, readOf: ListingRead) {
  const pages = useVideoPages({ read: readOf(key) });
  return { state: pages.window, pages };
}

/** Answers (or fails) a request, and lets the cache tell the screens (its notices come in a timer). */
const answered = (respond: () => void) =>
  act(async () => {
    respond();
    for (let timer = 0; timer < 3; timer += 1) await new Promise((done) => setTimeout(done, 0));
  });

const page = (count: number, total: number): VideoPage => ({
  videos: Array.from({ length: count }, () => buildVideo()),
  total,
});

/**
 * A server-rendered page's first page: the server's cache as the page carries it
 * (ssr/render-page.tsx), taken over by the browser's cache.
 */
function renderedFirstPage() {
  const rendered = page(VIDEO_PAGE_SIZE, 30);
  const server = new QueryClient();
  server.setQueryData(trendingListRead('default').queryKey, { pages: [rendered], pageParams: [0] });
  const script = document.createElement('script');
  script.id = SERVER_DATA_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify({ state: dehydrate(server), renderedAt: Date.now() });
  document.body.append(script);
  const client = createQueryClient();
  hydrate(client, takeServerData()!.state);
  script.remove();
  return { rendered, server, client };
}

describe('useVideoPages', () => {
  it("shows a server-rendered page's first page at once and asks for it no more, once", async () => {
    const { rendered, client } = renderedFirstPage();
    const { calls, readOf } = manualFetcher();
    // The page load's own history entry (React Router names it 'default').
    const { result, unmount } = renderHook(() => usePaged('trending', readOf), {
      wrapper: inRouter(client, 'default'),
    });
    expect(result.current.pages.window.videos).toEqual(rendered.videos);
    expect(result.current.state.videos).toEqual(rendered.videos);
    expect(result.current.pages.loading).toBe(false);
    expect(calls).toHaveLength(0);
    // It is the app's list now: the next page comes after it.
    act(() => result.current.pages.showMore());
    expect(calls[0]).toMatchObject({ offset: VIDEO_PAGE_SIZE });
    unmount();

    // Another visit to the screen (another history entry) asks afresh.
    const again = manualFetcher();
    const { result: later } = renderHook(() => usePaged('trending', again.readOf), {
      wrapper: inRouter(client),
    });
    expect(later.current.pages.loading).toBe(true);
    expect(again.calls).toHaveLength(1);
  });

  it('hydrates a rendered list in one commit: nothing renders again inside it', async () => {
    const { rendered, server, client } = renderedFirstPage();
    const { calls, readOf } = manualFetcher();
    /** A list screen as trending-page.tsx draws one: the list, and the end that loads more. */
    function Listing() {
      const { list, endSentinel, ...pages } = useVideoPages({ read: readOf('trending') });
      return (
        <>
          <ul ref={list}>
            {pages.window.videos.map((video) => (
              <li key={video._id}>{video.title}</li>
            ))}
          </ul>
          {pages.hasLater && <div ref={endSentinel}>{pages.window.videos.length} in the state</div>}
        </>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      createElement(inRouter(server, 'default'), null, <Listing />),
    );
    document.body.append(container);
    // Each commit, and whether it came in the hydration's own task (before its microtasks).
    const commits: { phase: string; inHydrationTask: boolean }[] = [];
    let inHydrationTask = false;
    const tree = (
      <Profiler
        id="list"
        onRender={(_id, phase) => {
          if (phase === 'mount') {
            inHydrationTask = true;
            queueMicrotask(() => (inHydrationTask = false));
          }
          commits.push({ phase, inHydrationTask });
        }}
      >
        <Listing />
      </Profiler>
    );
    // React's own scheduling, as in the browser: act() would run all the work in one go.
    const flags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = flags.IS_REACT_ACT_ENVIRONMENT;
    flags.IS_REACT_ACT_ENVIRONMENT = false;
    const root = hydrateRoot(container, createElement(inRouter(client, 'default'), null, tree));
    try {
      // The rendered page is the list's now (hydrated, and what follows the hydration done),
      // asked for no more.
      await vi.waitFor(() => expect(commits.length).toBeGreaterThan(0));
      await new Promise((done) => setTimeout(done, 50));
      expect(container.textContent).toContain(`${VIDEO_PAGE_SIZE} in the state`);
      expect(container.querySelectorAll('li')).toHaveLength(rendered.videos.length);
      expect(calls).toHaveLength(0);
      // The hydration's commit is one long task on a slow phone already: an update in its layout
      // phase (a layout effect's dispatch, a ref that sets state) would render the whole list
      // again inside that task. They come in tasks after it.
      expect(commits[0]).toEqual({ phase: 'mount', inHydrationTask: true });
      expect(commits.slice(1).filter((commit) => commit.inHydrationTask)).toEqual([]);
    } finally {
      root.unmount();
      flags.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('a press of Show more as the rendered list is taken over asks for the page after it', async () => {
    const { server, client } = renderedFirstPage();
    const { calls, readOf } = manualFetcher();
    function Listing() {
      const pages = useVideoPages({ read: readOf('trending') });
      return (
        <button type="button" onClick={pages.showMore}>
          Show more
        </button>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      createElement(inRouter(server, 'default'), null, <Listing />),
    );
    document.body.append(container);
    const flags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = flags.IS_REACT_ACT_ENVIRONMENT;
    flags.IS_REACT_ACT_ENVIRONMENT = false;
    const root = hydrateRoot(
      container,
      createElement(inRouter(client, 'default'), null, <Listing />),
    );
    try {
      // A tap on the server's button before the app is in: React takes that part over at once
      // and replays the tap on it, before the rendered page has gone into the list's state.
      container.querySelector('button')!.click();
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]).toMatchObject({ offset: VIDEO_PAGE_SIZE, limit: VIDEO_PAGE_SIZE });
    } finally {
      root.unmount();
      flags.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('shows the newest query only, whatever order the answers come in', async () => {
    const { calls, readOf } = manualFetcher();
    const { result, rerender } = renderHook(({ key }) => usePaged(key, readOf), {
      wrapper: inRouter(),
      initialProps: { key: 'J' },
    });
    expect(result.current.pages.loading).toBe(true);
    rerender({ key: 'Ja' });
    rerender({ key: 'Jav' });
    expect(calls).toHaveLength(3);

    const newest = page(2, 2);
    await answered(() => calls[2]!.answer(newest));
    expect(result.current.state.videos).toEqual(newest.videos);
    // Older keystrokes answer late: ignored.
    await answered(() => calls[0]!.answer(page(5, 5)));
    await answered(() => calls[1]!.fail(new Error('late')));
    expect(result.current.state.videos).toEqual(newest.videos);
    expect(result.current.pages.error).toBeNull();
    expect(result.current.pages.empty).toBe(false);
  });

  it('asks for the next page after the window, once, and appends it', async () => {
    const { calls, readOf } = manualFetcher();
    const { result } = renderHook(() => usePaged('all', readOf), { wrapper: inRouter() });
    await answered(() => calls[0]!.answer(page(VIDEO_PAGE_SIZE, 30)));
    expect(result.current.pages.hasLater).toBe(true);

    act(() => {
      result.current.pages.showMore();
      result.current.pages.showMore();
    });
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ offset: VIDEO_PAGE_SIZE, limit: VIDEO_PAGE_SIZE });
    await answered(() => calls[1]!.answer(page(6, 30)));
    expect(result.current.state.videos).toHaveLength(30);
    expect(result.current.pages.hasLater).toBe(false);
  });

  it('a failed next page offers a retry and keeps what is shown', async () => {
    const { calls, readOf } = manualFetcher();
    const { result } = renderHook(() => usePaged('all', readOf), { wrapper: inRouter() });
    await answered(() => calls[0]!.answer(page(VIDEO_PAGE_SIZE, 100)));
    act(() => result.current.pages.showMore());
    await answered(() => calls[1]!.fail(new Error('offline')));
    expect(result.current.pages.moreError).toEqual(new Error('offline'));
    expect(result.current.state.videos).toHaveLength(VIDEO_PAGE_SIZE);
    act(() => result.current.pages.retry());
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.offset).toBe(VIDEO_PAGE_SIZE);
  });

  it('a next page still on its way when the query changes is cancelled, and shows no error', async () => {
    const { calls, readOf } = manualFetcher();
    const { result, rerender } = renderHook(({ key }) => usePaged(key, readOf), {
      wrapper: inRouter(),
      initialProps: { key: 'CSS' },
    });
    await answered(() => calls[0]!.answer(page(VIDEO_PAGE_SIZE, 100)));
    act(() => result.current.pages.showMore());
    expect(calls[1]!.signal.aborted).toBe(false);
    // A chip, a new search: the page of the old listing is no longer wanted.
    rerender({ key: 'HTML' });
    expect(calls[1]!.signal.aborted).toBe(true);
    await answered(() => calls[1]!.fail(new Error('aborted')));
    await answered(() => calls[2]!.answer(page(3, 3)));
    expect(result.current.pages.moreError).toBeNull();
    expect(result.current.pages.pending).toBeNull();
    expect(result.current.state.videos).toHaveLength(3);
  });

  it('a failed first page is asked for again on retry, showing the loading state meanwhile', async () => {
    const { calls, readOf } = manualFetcher();
    const { result } = renderHook(() => usePaged('all', readOf), { wrapper: inRouter() });
    await answered(() => calls[0]!.fail(new Error('503')));
    expect(result.current.pages.error).toEqual(new Error('503'));
    const attempt = result.current.pages.attempt;
    act(() => result.current.pages.retry());
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ offset: 0, limit: VIDEO_PAGE_SIZE });
    await waitFor(() => expect(result.current.pages.error).toBeNull());
    expect(result.current.pages.loading).toBe(true);
    // What else the screen loads with its list (home's chips) can follow the attempts.
    expect(result.current.pages.attempt).toBeGreaterThan(attempt);
    await answered(() => calls[1]!.answer(page(3, 3)));
    expect(result.current.state.videos).toHaveLength(3);
    expect(result.current.pages.error).toBeNull();
  });

  it('a failed first page is this list’s error; an empty answer is empty', async () => {
    const { calls, readOf } = manualFetcher();
    const { result, rerender } = renderHook(({ key }) => usePaged(key, readOf), {
      wrapper: inRouter(),
      initialProps: { key: 'a' },
    });
    await answered(() => calls[0]!.fail(new Error('down')));
    expect(result.current.pages.error).toEqual(new Error('down'));
    rerender({ key: 'b' });
    expect(result.current.pages.error).toBeNull();
    await answered(() => calls[1]!.answer(page(0, 0)));
    expect(result.current.pages.empty).toBe(true);
  });
});

/**
 * IntersectionObserver as a test sets it: elements for which `near` holds are within the load
 * margin. Like the browser's, a new observer reports each element's state once, soon after it
 * starts observing.
 */
function stubObserver(near: (node: Element) => boolean) {
  class StubObserver {
    constructor(private readonly report: IntersectionObserverCallback) {}
    observe(node: Element) {
      queueMicrotask(() =>
        this.report(
          [{ target: node, isIntersecting: near(node) } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      );
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', StubObserver);
}

/** The hook in a list as the pages draw it: a start end, the cards (links) and an end. */
function PagedHarness({ readOf, listing = 'all' }: { readOf: ListingRead; listing?: string }) {
  const { list, endSentinel, startSentinel, ...pages } = useVideoPages({ read: readOf(listing) });
  const state = pages.window;
  return (
    <>
      {pages.hasEarlier && (
        <div ref={startSentinel} data-testid="start">
          <button type="button" onClick={pages.showEarlier}>
            Show earlier videos
          </button>
        </div>
      )}
      <ul ref={list} data-start={state.start}>
        {state.videos.map((video) => (
          <li key={video._id}>
            <a href={`/watch/${video._id}`}>{video.title}</a>
          </li>
        ))}
      </ul>
      {pages.hasLater && (
        <div ref={endSentinel} data-testid="end">
          <button type="button" onClick={pages.showMore}>
            Show more videos
          </button>
        </div>
      )}
    </>
  );
}

describe('useVideoPages with Show more pressed from the keyboard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** Answers each request with the next page of a 1,000-video listing. */
  async function answerAll(calls: ReturnType<typeof manualFetcher>['calls'], from: number) {
    for (const call of calls.slice(from)) {
      await answered(() => call.answer(page(call.limit, 1000)));
    }
  }

  /** Renders the list with its first page, the start near the viewport once it is shown. */
  async function showFirstPage() {
    // The viewport stays at the top of the list (focus stays on the button below the cards, and
    // the page is not scrolled): the start is always within the load margin, the end never is.
    stubObserver((node) => node.getAttribute('data-testid') === 'start');
    const fetcher = manualFetcher();
    render(<PagedHarness readOf={fetcher.readOf} />, { wrapper: inRouter() });
    await answerAll(fetcher.calls, 0);
    /** Presses the button and answers what that asks for. */
    const press = async (name: string) => {
      const before = fetcher.calls.length;
      fireEvent.click(screen.getByRole('button', { name }));
      expect(fetcher.calls).toHaveLength(before + 1);
      await answerAll(fetcher.calls, before);
      // The observers' first reports.
      await act(async () => {});
    };
    return { calls: fetcher.calls, press };
  }

  it('a start that Show more dropped is not loaded back by itself', async () => {
    const { calls, press } = await showFirstPage();
    const presses = MAX_KEPT_VIDEOS / VIDEO_PAGE_SIZE;
    for (let count = 0; count < presses; count += 1) await press('Show more videos');
    // The window moved on by a page; its start was not asked for again.
    expect(calls.map((call) => call.offset)).toEqual(
      Array.from({ length: presses + 1 }, (_, index) => index * VIDEO_PAGE_SIZE),
    );
    expect(screen.getByRole('list').getAttribute('data-start')).toBe(String(VIDEO_PAGE_SIZE));
    expect(screen.getAllByRole('listitem')).toHaveLength(MAX_KEPT_VIDEOS);
    // Pressed by the user, 'Show earlier videos' loads the start again.
    await press('Show earlier videos');
    expect(calls.at(-1)).toMatchObject({ offset: 0, limit: VIDEO_PAGE_SIZE });
    expect(screen.getByRole('list').getAttribute('data-start')).toBe('0');
  });

  it('moves the focus to the first card a press brought, either way', async () => {
    const { press } = await showFirstPage();
    const link = (index: number) => screen.getAllByRole('listitem')[index]!.querySelector('a');
    await press('Show more videos');
    expect(document.activeElement).toBe(link(VIDEO_PAGE_SIZE));
    // Up to the full window, then a window that moved on: the new page is its last.
    for (let count = 2; count <= MAX_KEPT_VIDEOS / VIDEO_PAGE_SIZE; count += 1) {
      await press('Show more videos');
    }
    expect(document.activeElement).toBe(link(MAX_KEPT_VIDEOS - VIDEO_PAGE_SIZE));
    await press('Show earlier videos');
    expect(document.activeElement).toBe(link(0));
  });
});

describe('useVideoPages with Show more pressed while a new listing loads', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** The list with a chip that switches to another listing (the old cards stay meanwhile). */
  function Chips({ readOf }: { readOf: ListingRead }) {
    const [listing, setListing] = useState('all');
    return (
      <>
        <button type="button" onClick={() => setListing('css')}>
          CSS
        </button>
        <PagedHarness readOf={readOf} listing={listing} />
      </>
    );
  }

  it('ignores the press: the new listing’s next page, come by itself, does not take the focus', async () => {
    let endNear = false;
    stubObserver((node) => node.getAttribute('data-testid') === 'end' && endNear);
    const { calls, readOf } = manualFetcher();
    render(<Chips readOf={readOf} />, { wrapper: inRouter() });
    await answered(() => calls[0]!.answer(page(VIDEO_PAGE_SIZE, 1000)));
    fireEvent.click(screen.getByRole('button', { name: 'CSS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show more videos' }));
    expect(calls.map((call) => call.offset)).toEqual([0, 0]);
    // Scrolled to the end meanwhile: once the new first page is in, the next comes by itself.
    endNear = true;
    await answered(() => calls[1]!.answer(page(VIDEO_PAGE_SIZE, 1000)));
    await waitFor(() => expect(calls).toHaveLength(3));
    await answered(() => calls[2]!.answer(page(VIDEO_PAGE_SIZE, 1000)));
    expect(document.activeElement).toBe(document.body);
  });
});

describe('useVideoPages on Back and Forward', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** The list on home and a watch page, with links between them as the app has. */
  function App({ readOf }: { readOf: ListingRead }) {
    const navigate = useNavigate();
    return (
      <>
        <button type="button" onClick={() => void navigate('/watch')}>
          Open a video
        </button>
        <button type="button" onClick={() => void navigate('/')}>
          Home
        </button>
        <button type="button" onClick={() => void navigate(-1)}>
          Back
        </button>
        <Routes>
          <Route path="/" element={<PagedHarness readOf={readOf} />} />
          <Route path="/watch" element={<p>Watching</p>} />
        </Routes>
      </>
    );
  }

  it('Back to a list screen shows the window it was left with, asking for nothing; a new visit starts over', async () => {
    stubObserver(() => false);
    const { calls, readOf } = manualFetcher();
    render(<App readOf={readOf} />, { wrapper: inRouter() });
    await answered(() => calls[0]!.answer(page(VIDEO_PAGE_SIZE, 1000)));
    fireEvent.click(screen.getByRole('button', { name: 'Show more videos' }));
    await answered(() => calls[1]!.answer(page(VIDEO_PAGE_SIZE, 1000)));
    const titles = () => screen.getAllByRole('listitem').map((item) => item.textContent);
    const left = titles();
    expect(left).toHaveLength(2 * VIDEO_PAGE_SIZE);

    fireEvent.click(screen.getByRole('button', { name: 'Open a video' }));
    expect(screen.getByText('Watching')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(titles()).toEqual(left);
    expect(calls).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Show more videos' })).toBeTruthy();

    // Home by its link: a new visit, from the first page.
    fireEvent.click(screen.getByRole('button', { name: 'Open a video' }));
    fireEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(calls).toHaveLength(3);
    expect(calls[2]).toMatchObject({ offset: 0, limit: VIDEO_PAGE_SIZE });
  });
});
