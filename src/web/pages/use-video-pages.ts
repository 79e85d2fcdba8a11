import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import type { PageFetcher } from '../features/videos/videos-service';
import { useReconnectAttempt } from '../lib/connection';
import { forgetListingPlace, keepListingPlace, listingPlace } from '../state/listing-places';
import { useFirstScreenData } from '../data/first-screen-data';
import {
  MAX_KEPT_VIDEOS,
  VIDEO_PAGE_SIZE,
  videoWindowReducer,
  type PageDirection,
  type VideoPage,
  type VideoWindowAction,
  type VideoWindowState,
} from '../state/video-window';

interface VideoPagesOptions {
  /** Names the listing (its query): a new key starts over from the first page. */
  key: string;
  fetchPage: PageFetcher;
  state: VideoWindowState;
  dispatch: (action: VideoWindowAction) => void;
  /** False: fetch nothing (e.g. an empty results query). */
  enabled?: boolean;
}

/** How far from the viewport a list end starts loading its neighbour page. */
const LOAD_MARGIN = '600px';

/**
 * Pages a server listing into a bounded window (video-window.ts): the first page when the key
 * changes, the next one when the end comes near (or on 'Show more'), the previous ones again when
 * the user scrolls back to a start that was dropped. The paging's state (the window, which
 * listing is in, the page on its way, failures) is the window's reducer's; this hook asks and
 * dispatches. Superseded requests are aborted and their answers dropped, so fast typing never
 * shows an older result. The refs here are the DOM's: the page keeps its place when cards are
 * added or dropped above the viewport, and the focus goes where the user asked. Back or Forward
 * to a list screen shows the window it was left with (listing-places.ts), the card that was first
 * in view back where it was, asking for nothing.
 */
export function useVideoPages({
  key,
  fetchPage,
  state,
  dispatch,
  enabled = true,
}: VideoPagesOptions) {
  const location = useLocation();
  const navigation = useNavigationType();
  // Back or Forward to this screen: the window and the card in view it was left with, if kept.
  const [resumed] = useState(() =>
    navigation === 'POP' && enabled ? listingPlace(location.key, key) : null,
  );
  // A server-rendered page's first screen: the first page its HTML shows, from the cache.
  const rendered = useFirstScreenData<VideoPage>(fetchPage.firstPageKey);
  const [seed, setSeed] = useState(() => (enabled && !resumed ? rendered : undefined));
  // The kept window (or the rendered page) stands in for the first page, once; then a kept
  // window's card is put back in place.
  const resuming = useRef(resumed !== null || seed !== undefined);
  const resumedCard = useRef(resumed?.card ?? null);
  // The neighbour page's request, while one is on its way (the button and the observer may both
  // ask before a re-render); aborted when the listing changes (a chip, a new search).
  const neighbour = useRef<AbortController | null>(null);
  const fetcher = useRef(fetchPage);
  useLayoutEffect(() => {
    fetcher.current = fetchPage;
  });
  const shownWindow = seed
    ? videoWindowReducer(state, { type: 'GET_VIDEOS', payload: seed, listing: key })
    : state;
  // Everything below is this listing's only once its first page is in (or has failed).
  const settled = shownWindow.paging.listing === key;
  const error = settled ? shownWindow.paging.error : null;
  const pending = settled ? shownWindow.paging.pending : null;
  const moreError = settled ? shownWindow.paging.moreError : null;
  // A failed first page is asked for again when the connection comes back, or on 'Try again'.
  const reconnects = useReconnectAttempt(error !== null);
  const [retries, setRetries] = useState(0);
  const attempt = reconnects + retries;
  const listNode = useRef<HTMLUListElement | null>(null);
  const list = useCallback((node: HTMLUListElement | null) => {
    listNode.current = node;
  }, []);
  const anchor = useRef<{ node: Element; top: number } | null>(null);
  // The card (its place in the window) that gets the focus once a page the user asked for shows.
  const focusAt = useRef<number | null>(null);
  // The listing's end when 'Show more' took the focus: the first card the user has not reached.
  // Cards loaded by themselves while the button had the focus went in above it, unvisited.
  const reached = useRef<number | null>(null);
  // The card (its place in the listing) that gets the focus when the next page lands: a press of
  // 'Show more' while a page was already on its way is honoured by that page.
  const wanted = useRef<number | null>(null);
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

  // Before the screen shows: the kept window, at once.
  useLayoutEffect(() => {
    if (!resumed) return;
    // Settled with the window, before it paints: the screen never shows as empty or loading.
    dispatch({ type: 'RESTORE_VIDEOS', payload: resumed.window, listing: resumed.listing });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the screen comes back
  }, []);

  // The rendered first page goes into the window after the hydration has committed, as a
  // transition (React renders it in slices, after the page is painted); until then the window is
  // shown with it, so the screen looks the same, and paging reckons from the window shown. Not in
  // a layout effect: an update there is rendered at once, in the commit's own task (the whole
  // grid again: a long task on a phone).
  useEffect(() => {
    if (!seed) return;
    startTransition(() => {
      dispatch({ type: 'GET_VIDEOS', payload: seed, listing: key });
      setSeed(undefined);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the screen mounts
  }, []);

  // As the screen goes: its window and the card in view, kept under its history entry.
  const shown = useRef({ entry: location.key, key, state, kept: false });
  useLayoutEffect(() => {
    shown.current = {
      entry: location.key,
      key,
      state,
      kept: enabled && settled && error === null && state.videos.length > 0,
    };
  });
  useLayoutEffect(
    () => () => {
      const { entry, key: listing, state: left, kept } = shown.current;
      if (!kept) {
        forgetListingPlace(entry);
        return;
      }
      const { videos, start, total, totalCapped, more } = left;
      keepListingPlace(entry, {
        listing,
        window: { videos, start, total, totalCapped, more },
        card: firstCardInView(listNode.current, start),
      });
    },
    [],
  );

  useEffect(() => {
    holdEarlier.current = false;
    wanted.current = null;
    if (!enabled) return;
    const controller = new AbortController();
    if (resuming.current) {
      // The kept window is on screen already: nothing to ask for.
      resuming.current = false;
    } else {
      dispatch({ type: 'LOADING', listing: key });
      fetcher.current(0, VIDEO_PAGE_SIZE, controller.signal).then(
        (page) => {
          if (!controller.signal.aborted) {
            dispatch({ type: 'GET_VIDEOS', payload: page, listing: key });
          }
        },
        (failure: unknown) => {
          if (!controller.signal.aborted) {
            dispatch({ type: 'ERROR', payload: failure, listing: key });
          }
        },
      );
    }
    return () => {
      controller.abort();
      neighbour.current?.abort();
      neighbour.current = null;
    };
  }, [key, enabled, dispatch, attempt]);

  // The kept window shows: the card that was first in view goes back where it was.
  useLayoutEffect(() => {
    const card = resumedCard.current;
    if (!card || !settled) return;
    resumedCard.current = null;
    const node = listNode.current?.children[card.index - state.start];
    if (node) window.scrollBy(0, node.getBoundingClientRect().top - card.top);
  });

  const keepPlace = (index: number) => {
    const node = listNode.current?.children[index];
    anchor.current = node ? { node, top: node.getBoundingClientRect().top } : null;
  };

  /**
   * Loads the page after or before the window. `asked`: the user pressed a button for it, and the
   * focus moves to the first card it brings (the button may be far from there by then).
   */
  const load = useCallback(
    (direction: PageDirection, asked = false) => {
      if (neighbour.current || shownWindow.loading) return;
      const offset =
        direction === 'later'
          ? shownWindow.start + shownWindow.videos.length
          : Math.max(0, shownWindow.start - VIDEO_PAGE_SIZE);
      const limit = direction === 'later' ? VIDEO_PAGE_SIZE : shownWindow.start - offset;
      if (limit <= 0) return;
      const controller = new AbortController();
      neighbour.current = controller;
      if (direction === 'earlier' && asked) holdEarlier.current = false;
      if (direction === 'later' && asked) wanted.current = offset;
      dispatch({ type: 'MORE_LOADING', direction });
      fetcher.current(offset, limit, controller.signal).then(
        (page) => {
          if (controller.signal.aborted) return;
          neighbour.current = null;
          if (direction === 'earlier') {
            keepPlace(0);
            if (asked && page.videos.length > 0) focusAt.current = 0;
          } else {
            const dropped = Math.max(
              0,
              shownWindow.videos.length + page.videos.length - MAX_KEPT_VIDEOS,
            );
            if (dropped > 0) {
              keepPlace(dropped);
              holdEarlier.current = true;
            }
            if (wanted.current !== null && page.videos.length > 0) {
              focusAt.current = Math.max(0, wanted.current - (shownWindow.start + dropped));
            }
            wanted.current = null;
          }
          dispatch({
            type: direction === 'later' ? 'GET_MORE_VIDEOS' : 'GET_EARLIER_VIDEOS',
            payload: page,
            at: direction === 'later' ? offset : shownWindow.start,
          });
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          neighbour.current = null;
          if (direction === 'later') wanted.current = null;
          dispatch({ type: 'MORE_ERROR', direction, payload: failure });
        },
      );
    },
    [shownWindow.loading, shownWindow.start, shownWindow.videos.length, dispatch],
  );

  // Cards added or dropped above the viewport would move what the user looks at: scroll by as
  // much as the card they were looking at moved. Then a page the user asked for takes the focus
  // (and the view) to its first card.
  useLayoutEffect(() => {
    const kept = anchor.current;
    anchor.current = null;
    if (kept?.node.isConnected) {
      const moved = kept.node.getBoundingClientRect().top - kept.top;
      if (moved !== 0) window.scrollBy(0, moved);
    }
    const index = focusAt.current;
    focusAt.current = null;
    if (index !== null) focusCard(listNode.current, index);
  }, [shownWindow.start, shownWindow.videos.length]);

  /**
   * 'Show more': the focus moves to the first card the user has not reached. Cards that came by
   * themselves while the button had the focus are there already; else the next page brings it
   * (the one on its way, or one asked for now).
   */
  const showMore = () => {
    const end = shownWindow.start + shownWindow.videos.length;
    const first = reached.current ?? end;
    if (first < end) {
      focusCard(listNode.current, Math.max(0, first - shownWindow.start));
      return;
    }
    // A new listing on its way, or an earlier page: the press is not for them (and must not
    // take the focus later, when a page comes by itself).
    if (shownWindow.loading || (neighbour.current && pending !== 'later')) return;
    wanted.current = end;
    load('later');
  };

  const hasEarlier = shownWindow.start > 0;
  const hasLater = shownWindow.more;
  const idle = settled && !pending && !shownWindow.loading && !moreError && !error;

  useNearViewport(endNode, hasLater && idle, () => load('later'), state.videos.length);
  useNearViewport(startNode, hasEarlier && idle, () => load('earlier'), state.start, holdEarlier);

  return {
    /** The window to show: the state's, or the server-rendered first page before it is in. */
    window: shownWindow,
    /** Loading the first page with nothing to show yet. */
    loading: enabled && !settled && shownWindow.videos.length === 0,
    /** Showing the previous listing's videos while the new one loads. */
    refreshing: enabled && !settled && shownWindow.videos.length > 0,
    /** The listing is known to be empty. */
    empty: settled && shownWindow.videos.length === 0,
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
      reached.current = focused ? shownWindow.start + shownWindow.videos.length : null;
    },
    showEarlier: () => load('earlier', true),
  };
}

/** The first card (its place in the listing) not above the viewport, and its top. */
function firstCardInView(list: HTMLUListElement | null, start: number) {
  const cards = list ? Array.from(list.children) : [];
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
