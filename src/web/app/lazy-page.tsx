import { createElement, lazy, type ComponentType } from 'react';
import { retryingImport } from '../lib/retrying-import';

/** A screen loaded on first use; `preload` fetches it ahead (a server render, a hydration). */
export interface LazyPage {
  (): React.ReactElement;
  preload(): Promise<void>;
}

/**
 * A page module loaded lazily (its file waits for the connection, or reloads once after a deploy:
 * retrying-import.ts). Once loaded it renders at once, never suspending: a server-rendered page
 * whose module was preloaded hydrates in the same pass as the rest of the app.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  const loadOnce = retryingImport(load);
  let loaded: ComponentType | undefined;
  const Lazy = lazy(() =>
    loadOnce().then((module) => {
      loaded = module.default;
      return module;
    }),
  );
  const Page = () => createElement(loaded ?? Lazy);
  Page.preload = () =>
    loadOnce().then((module) => {
      loaded = module.default;
    });
  return Page;
}
