import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useLocation, useNavigationType } from 'react-router';
import type { CatalogueListRead } from '../features/videos/videos-service';
import { useReconnectAttempt } from '../lib/connection';
import type { PageDirection, VideoPage } from '../state/video-window';

interface VideoPagesOptions {
  /** The listing's infinite query on a history entry (videos-service.ts). */
  read: (entry: string) => CatalogueListRead;
  /** False: fetch nothing (e.g. an empty results query). */
  enabled?: boolean;
}

/** What a list screen shows of its listing: `videos` are the listing's items from `start` on. */
export interface VideoWindow {
  videos: VideoPage['videos'];
  start: number;
  /** How many items the listing holds (at most the server's count limit when `totalCapped`). */
  total: number;
  totalCapped: boolean;
  /** Whether the listing goes on after the window. */
  more: boolean;
}

type ListData = InfiniteData<VideoPage>;

/** Where a listing's pages start in it: their first page's offset. */
const startOf = (data: ListData | undefined) => (data?.pageParams[0] as number | undefined) ?? 0;

/** How far from the viewport a list end starts loading its neighbour page. */
const LOAD_MARGIN = '600px';

function windowOf(data: ListData | undefined, more = false): VideoWindow {
  const videos = data?.pages.flatMap((page) => page.videos) ?? [];
  const start = startOf(data);
  const last = data?.pages.at(-1);
  const total = last?.total ?? start + videos.length;
  return { videos, start, total, totalCapped: last?.totalCapped ?? false, more };
}

/**
 * Pages a catalogue listing with its infinite query (videos-service.ts): the first page for a new
 * listing, the next one when the end comes near (or on 'Show more'), the previous ones again when
 * the reader scrolls back to a start the window dropped. The cache keeps the pages per history
 * entry, so Back or Forward to a list screen shows the window it was left with, asking for
 * nothing, and puts the card that was first in view back where it was (useKeptPlace). The refs
 * here are the DOM's and the keyboard's: the page keeps its place when cards are added or dropped
 * above the viewport, and the focus goes where the user asked.
 */
export function useVideoPages({ read, enabled = true }: VideoPagesOptions) {
  const client = useQueryClient();
  const { key: entry } = useLocation();
  const options = read(entry);
  const query = useInfiniteQuery({ ...options, enabled, placeholderData: keepPreviousData });
  const { data, isPlaceholderData: refreshing } = query;
  // Whether the listing goes on, from the pages shown (the previous listing's while one loads).
  const last = data?.pages.at(-1);
  const more =
    data !== undefined &&
    last !== undefined &&
    options.getNextPageParam(
      last,
      data.pages,
      data.pageParams.at(-1) as number,
      data.pageParams as number[],
    ) !== undefined;
  const shown = windowOf(data, more);
  const nextError = query.isFetchNextPageError;
  const previousError = query.isFetchPreviousPageError;
  // The first page's failure (a neighbour page's keeps the window on screen).
  const error = query.isError && !nextError && !previousError ? query.error : null;
  const settled = enabled && !refreshing && (data !== undefined || error !== null);
  const pending: PageDirection | null = query.isFetchingNextPage
    ? 'later'
    : query.isFetchingPreviousPage
      ? 'earlier'
      : null;
  const moreError =
    nextError || previousError
      ? { direction: (nextError ? 'later' : 'earlier') as PageDirection, error: query.error }
      : null;
  // A failed first page is asked for again when the connection comes back, or on 'Try again'.
  const reconnects = useReconnectAttempt(error !== null);
  const [retries, setRetries] = useState(0);
  const attempt = reconnects + retries;
  const { refetch } = query;
  useEffect(() => {
    if (attempt > 0) void refetch();
  }, [attempt, refetch]);

  const list = useRef<HTMLUListElement | null>(null);
  // After the window changes: the card the reader was looking at (to keep in place) and the card
  // (its place in the window) that gets the focus, as the answer that changed it left them.
  const settle = useRef<{ anchor?: { node: Element; top: number }; focus?: number }>({});
  // 'Show more' and the keyboard: `reached` is the listing's end when the button took the focus
  // (cards that came by themselves while it had it went in above it, unvisited); `wanted` is the
  // card (its place in the listing) the next page focuses, so a press while a page is on its way
  // is honoured by that page.
  const keys = useRef<{ reached: number | null; wanted: number | null }>({
    reached: null,
    wanted: null,
  });
  // Set when a page after the window dropped its start: the start end then stays put until it
  // has been away from the viewport (or the user asks for it), so the drop itself never brings the
  // dropped page back, which would drop the page just loaded.
  const holdEarlier = useRef(false);
  const [endNode, setEndNode] = useState<HTMLElement | null>(null);
  const [startNode, setStartNode] = useState<HTMLElement | null>(null);
  // The ends are refs, set in a commit: as transitions, not renders of the list inside that commit.
  const endSentinel = useCallback((node: HTMLElement | null) => {
    startTransition(() => setEndNode(node));
  }, []);
  const startSentinel = useCallback((node: HTMLElement | null) => {
    startTransition(() => setStartNode(node));
  }, []);

  useKeptPlace(client, entry, options.queryKey, list, enabled);

  // A new listing (a chip, a new search): no press or drop of the last one carries over.
  useEffect(() => {
    holdEarlier.current = false;
    keys.current.wanted = null;
  }, [entry]);

  const keepPlace = (index: number) => {
    const node = list.current?.children[index];
    settle.current.anchor = node ? { node, top: node.getBoundingClientRect().top } : undefined;
  };

  /**
   * Loads the page after or before the window. `asked`: the user pressed a button for it, and the
   * focus moves to the first card it brings (the button may be far from there by then).
   */
  const load = (direction: PageDirection, asked = false) => {
    const listKey = options.queryKey;
    if (!settled || client.isFetching({ queryKey: listKey, exact: true }) > 0) return;
    const before = windowOf(client.getQueryData<ListData>(listKey));
    if (direction === 'earlier' ? before.start <= 0 : !query.hasNextPage) return;
    if (direction === 'earlier' && asked) holdEarlier.current = false;
    if (direction === 'later' && asked) keys.current.wanted = before.start + before.videos.length;
    const fetching =
      direction === 'later'
        ? query.fetchNextPage({ cancelRefetch: false })
        : query.fetchPreviousPage({ cancelRefetch: false });
    // Answered before React draws it: the cards on screen are still the window before.
    void fetching.then((result) => {
      const current = client.getQueryData<ListData>(listKey);
      // Another listing is shown by now: its window is not this answer's.
      if (result.data !== current || result.isError) {
        if (direction === 'later') keys.current.wanted = null;
        return;
      }
      const after = windowOf(current);
      if (direction === 'earlier') {
        if (after.start === before.start) return;
        keepPlace(0);
        if (asked) settle.current.focus = 0;
        return;
      }
      const dropped = after.start - before.start;
      if (dropped > 0) {
        keepPlace(dropped);
        holdEarlier.current = true;
      }
      const { wanted } = keys.current;
      keys.current.wanted = null;
      if (wanted !== null && after.start + after.videos.length > wanted) {
        settle.current.focus = Math.max(0, wanted - after.start);
      }
    });
  };

  // Cards added or dropped above the viewport would move what the user looks at: scroll by as
  // much as the card they were looking at moved. Then a page the user asked for takes the focus
  // (and the view) to its first card.
  useLayoutEffect(() => {
    const { anchor, focus } = settle.current;
    settle.current = {};
    if (anchor?.node.isConnected) {
      const moved = anchor.node.getBoundingClientRect().top - anchor.top;
      if (moved !== 0) window.scrollBy(0, moved);
    }
    if (focus !== undefined) focusCard(list.current, focus);
  }, [shown.start, shown.videos.length]);

  /**
   * 'Show more': the focus moves to the first card the user has not reached. Cards that came by
   * themselves while the button had the focus are there already; else the next page brings it
   * (the one on its way, or one asked for now).
   */
  const showMore = () => {
    const end = shown.start + shown.videos.length;
    const first = keys.current.reached ?? end;
    if (first < end) {
      focusCard(list.current, Math.max(0, first - shown.start));
      return;
    }
    // A new listing on its way, or an earlier page: the press is not for them (and must not
    // take the focus later, when a page comes by itself).
    if (!settled || pending === 'earlier') return;
    keys.current.wanted = end;
    load('later');
  };

  const hasEarlier = settled && shown.start > 0;
  const hasLater = shown.more;
  const idle = settled && !pending && !moreError && !error;

  useNearViewport(endNode, hasLater && idle, () => load('later'), shown.videos.length);
  useNearViewport(startNode, hasEarlier && idle, () => load('earlier'), shown.start, holdEarlier);

  return {
    /** The window to show: the listing's pages (the previous listing's while a new one loads). */
    window: shown,
    /** Loading the first page with nothing to show yet. */
    loading: enabled && data === undefined && error === null,
    /** Showing the previous listing's videos while the new one loads. */
    refreshing: enabled && refreshing,
    /** The listing is known to be empty. */
    empty: settled && error === null && shown.videos.length === 0,
    error,
    /** Ref for the list element (its items are the window's videos). */
    list,
    /** Refs for the elements after and before the list that load more as they come near. */
    endSentinel,
    startSentinel,
    hasEarlier,
    hasLater,
    pending,
    /** Why the last neighbour page failed. */
    moreError: moreError?.error ?? null,
    /** Counts the first page's new attempts (reconnects, retries), for what loads along with it. */
    attempt,
    /** Asks again for what failed: the first page, or the neighbour page. */
    retry: () => {
      if (error === null) {
        load(moreError?.direction ?? 'later', true);
        return;
      }
      setRetries((count) => count + 1);
    },
    showMore,
    /** 'Show more' took the focus (or lost it): the cards above it are the ones reached. */
    reachEnd: (focused: boolean) => {
      keys.current.reached = focused ? shown.start + shown.videos.length : null;
    },
    showEarlier: () => load('earlier', true),
  };
}

/** Where the reader left a listing on a history entry: the first card in view and its top. */
interface KeptCard {
  /** The card's place in the whole listing. */
  index: number;
  /** Its top, from the top of the viewport. */
  top: number;
}

/** The cache's key for the card kept with a listing's pages (a reload forgets both). */
const keptCardKey = (listKey: QueryKey) => [...listKey, 'card in view'] as const;

/**
 * Back or Forward to a list screen: its pages are in the cache (under its history entry), and
 * the card that was first in view as the screen went goes back where it was, before it paints.
 */
function useKeptPlace(
  client: QueryClient,
  entry: string,
  listKey: QueryKey,
  list: { readonly current: HTMLUListElement | null },
  enabled: boolean,
) {
  const navigation = useNavigationType();
  const [returning] = useState(navigation === 'POP');
  useLayoutEffect(() => {
    const pages = client.getQueryData<ListData>(listKey);
    const card = client.getQueryData<KeptCard>(keptCardKey(listKey));
    if (returning && pages && card) {
      const node = list.current?.children[card.index - startOf(pages)];
      if (node) window.scrollBy(0, node.getBoundingClientRect().top - card.top);
    }
    // As the screen goes (or the entry changes): the card in view, with the pages.
    return () => {
      const left = client.getQueryData<ListData>(listKey);
      // The list as it is when the screen goes (it may have come after this effect ran).
      // eslint-disable-next-line react-hooks/exhaustive-deps -- that list is the one wanted
      const node = list.current;
      if (!enabled || !left || node === null) return;
      const kept = firstCardInView(node, startOf(left));
      if (kept) client.setQueryData(keptCardKey(listKey), kept);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- per history entry
  }, [entry]);
}

/** The first card (its place in the listing) not above the viewport, and its top. */
function firstCardInView(list: HTMLUListElement, start: number): KeptCard | null {
  const cards = Array.from(list.children);
  const index = cards.findIndex((card) => card.getBoundingClientRect().bottom > 0);
  const card = cards[index];
  return card ? { index: start + index, top: card.getBoundingClientRect().top } : null;
}

/** Puts the focus on a card of the list (its place in the window): its link. */
function focusCard(list: HTMLUListElement | null, index: number) {
  list?.children[index]?.querySelector<HTMLElement>('a[href], button')?.focus();
}

/**
 * Calls `onNear` when the element comes within LOAD_MARGIN of the viewport (again per `tick`).
 * While `held` is set, being near does nothing; the element's first report of being away clears it.
 */
function useNearViewport(
  node: HTMLElement | null,
  active: boolean,
  onNear: () => void,
  tick: number,
  held?: { current: boolean },
) {
  const callback = useRef(onNear);
  useLayoutEffect(() => {
    callback.current = onNear;
  });
  useEffect(() => {
    if (!node || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.some((entry) => entry.isIntersecting);
        if (held?.current) {
          if (!near) held.current = false;
          return;
        }
        if (near) callback.current();
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, active, tick, held]);
}
