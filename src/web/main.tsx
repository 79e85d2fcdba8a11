import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setTokenSource, setTransport } from './lib/api-client';
import { watchBrowserConnection } from './lib/connection';
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
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Offline support is unavailable', error);
    });
  });
}
