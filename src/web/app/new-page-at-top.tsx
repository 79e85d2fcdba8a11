import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page opens at its top, as on YouTube: a link or a card that leads to another screen
 * scrolls the window up. Back and Forward keep the browser's own restoration (a list screen puts
 * back the window and the card it was left with: use-video-pages.ts), and an address change that
 * stays on the same screen (the search box and chips writing home's filters, a new search on the
 * results page) keeps the reader's place.
 */
export function NewPageAtTop() {
  const { pathname } = useLocation();
  const action = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (action !== 'POP') window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, action]);
  return null;
}
