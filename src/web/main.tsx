import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App, preloadPage } from './app/app';
import { takeServerData } from './data/first-screen-data';
import { createQueryClient } from './data/query-client';
import { setTokenSource, setTransport } from './lib/api-client';
import { watchBrowserConnection } from './lib/connection';
import { beginHydration } from './lib/hydration';
import { applyStoredTheme } from './lib/theme';
import { storedToken } from './state/auth-storage';
import './styles/global.css';

async function boot() {
  applyStoredTheme();
  watchBrowserConnection(window, {
    apiInPage: import.meta.env.VITE_BACKEND === 'mock',
    onLine: navigator.onLine,
  });
  // A build-time constant: in server builds the mock and its API code are left out entirely.
  if (import.meta.env.VITE_BACKEND === 'mock') {
    const { installMockBackend } = await import('./mock/install-mock');
    setTransport(await installMockBackend());
  }
  setTokenSource(storedToken);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // Server mode renders the public pages on the server, with their data (ssr/render-page.tsx):
  // the app takes that HTML over (hydrates it), its screen's module loaded first so that it all
  // hydrates in one pass, and its answers in the cache so that nothing is asked twice.
  const rendered = import.meta.env.VITE_BACKEND === 'server' ? takeServerData() : undefined;
  if (rendered) {
    // Evaluating the app's code was one task; taking the page over starts in a task of its own,
    // so that neither blocks input for their sum on a slow phone (Lighthouse's TBT).
    await new Promise((resume) => setTimeout(resume, 0));
    const client = createQueryClient();
    hydrate(client, rendered.state);
    // A screen whose file cannot load is the error boundary's to show, as in a page drawn here.
    await preloadPage(window.location.pathname).catch(() => undefined);
    // What only the browser knows (media queries, the player frame) reads as the server wrote it
    // until the hydration has committed, then changes in a task of its own (lib/hydration.ts).
    beginHydration();
    // Hydration as a transition too: React hydrates in slices that yield to the browser (the
    // page is already painted and readable), not in one long task (Lighthouse's TBT).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App client={client} hydrating />
        </StrictMode>,
      );
    });
    return;
  }
  const reactRoot = createRoot(root);
  // The first render as a transition: React renders it in slices that yield to the browser,
  // not in one long task that blocks input while the page starts (Lighthouse's TBT).
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void boot();

// The installable app: production builds cache the shell for offline use (src/web/pwa).
// After the page's load, which a rendered page has had by the time its code runs (decision 0028).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Offline support is unavailable', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
