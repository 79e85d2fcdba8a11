import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** The link a screen was left by: its address and which of the screen's links to it it was. */
interface OpenedLink {
  href: string;
  index: number;
}

/** How many history entries remember the link they were left by: the last ones left. */
const KEPT_LINKS = 20;

const linksTo = (main: HTMLElement, href: string) =>
  [...main.querySelectorAll<HTMLAnchorElement>('a[href]')].filter(
    (link) => link.getAttribute('href') === href,
  );

/** Nothing the reader chose has the focus: the page itself, or the main region a screen focused. */
const focusIsFree = () =>
  document.activeElement === null ||
  document.activeElement === document.body ||
  document.activeElement === document.getElementById('main');

/**
 * Back (or Forward) to a screen puts the focus on the link it was left by (a card's), as the
 * browser does for the scroll: a keyboard user's next Tab goes on from the card they opened, not
 * from the top of the page. The link is remembered per history entry as it is followed (click or
 * Enter); on return it gets the focus once it is on screen (a list loads or restores its cards
 * first), unless the reader has put the focus somewhere meanwhile. The page does not scroll for it.
 */
export function FocusReturn() {
  const location = useLocation();
  const action = useNavigationType();
  const entry = useRef(location.key);
  const opened = useRef(new Map<string, OpenedLink>());
  useLayoutEffect(() => {
    entry.current = location.key;
  });

  useEffect(() => {
    // Before the app's own handlers (the router's links navigate in theirs). A link opening
    // another tab (YouTube, a description's time) does not leave this screen.
    const onClick = (event: MouseEvent) => {
      const main = document.getElementById('main');
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest<HTMLAnchorElement>('a[href]');
      const href = link?.getAttribute('href');
      if (!main || !link || !href || !main.contains(link) || link.target === '_blank') return;
      const links = opened.current;
      links.delete(entry.current);
      links.set(entry.current, { href, index: linksTo(main, href).indexOf(link) });
      for (const oldest of links.keys()) {
        if (links.size <= KEPT_LINKS) break;
        links.delete(oldest);
      }
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    const link = action === 'POP' ? opened.current.get(location.key) : undefined;
    const main = document.getElementById('main');
    if (!link || !main) return;
    const focusLink = () => {
      const links = linksTo(main, link.href);
      const target = links[link.index] ?? links[0];
      if (!target) return false;
      if (focusIsFree()) target.focus({ preventScroll: true });
      return true;
    };
    if (focusLink()) return;
    // The screen is still loading its cards: wait for the link to come.
    const observer = new MutationObserver(() => {
      if (focusLink()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [location.key, action]);

  return null;
}
