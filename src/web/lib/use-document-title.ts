import { useEffect } from 'react';

/** The app's name: the whole title on Home, the end of every other page's title. */
export const APP_NAME = 'CodeTube';

/** A page's document title: `Learn CSS in 20 Minutes - CodeTube`; the app's name alone without one. */
export function documentTitle(page?: string): string {
  const name = page?.trim();
  return name ? `${name} - ${APP_NAME}` : APP_NAME;
}

/**
 * Names the browser tab (and the history entry, and what a screen reader announces on
 * navigation) after the page shown. Undefined while the page does not know its name yet (a
 * video still loading): the tab then says the app's name.
 */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
