import { useCallback, useEffect, useRef, useState } from 'react';

/** How many items a long list shows at first, and adds each time the user reaches its end. */
export const WINDOW_STEP = 24;

/**
 * Renders long lists a window at a time so the DOM stays small with any catalogue: the window
 * grows when its end scrolls into view (or on 'Show more'), and starts over when `resetKey`
 * changes (a new search or category).
 */
export function useGrowingWindow(total: number, resetKey: string) {
  const [size, setSize] = useState(WINDOW_STEP);
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setSize(WINDOW_STEP);
  }
  const showMore = useCallback(() => setSize((current) => current + WINDOW_STEP), []);
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = size < total;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMore();
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, showMore, size]);

  return { size: Math.min(size, total), hasMore, showMore, sentinel };
}
