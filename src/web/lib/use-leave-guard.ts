import { useEffect } from 'react';

/*
 * Decision (issue 30): react-router's useBlocker (and unstable_usePrompt) work only with a data
 * router (createBrowserRouter); this app renders a declarative <BrowserRouter> (and a
 * StaticRouter on the server), so they are not available. Leaving is asked about where it can
 * be caught without a data router:
 * - reload, close, or a link out of the app: `beforeunload` (the browser's own question);
 * - a link inside the app (react-router's <Link> is an <a>): a click listener on the document in
 *   the capture phase runs before React's own (on the root), and stops the click when the user
 *   says no, so the router never hears of it.
 * Back and forward (popstate) cannot be stopped in declarative mode; nothing is lost then: the
 * draft is kept in localStorage (note-drafts.ts) and comes back with the page.
 */

/** Would this click follow a link to another screen of the app, in this tab? */
export function leavesScreen(event: MouseEvent, here: Location = window.location): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  // A new tab or window (or a download) leaves this page where it is.
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return false;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  const to = new URL(link.href, here.href);
  // Another site: the page unloads, and `beforeunload` asks.
  if (to.origin !== here.origin) return false;
  return to.pathname !== here.pathname || to.search !== here.search;
}

/** While `unsaved`, leaving the screen asks first (`question`, for the app's own links). */
export function useLeaveGuard(unsaved: boolean, question: string): void {
  useEffect(() => {
    if (!unsaved) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const click = (event: MouseEvent) => {
      if (!leavesScreen(event) || window.confirm(question)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [unsaved, question]);
}
