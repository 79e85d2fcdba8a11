import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setTokenSource, setTransport } from './lib/api-client';
import { applyStoredTheme } from './lib/theme';
import './styles/global.css';

async function boot() {
  applyStoredTheme();
  // A build-time constant: in server builds the mock and its API code are left out entirely.
  if (import.meta.env.VITE_BACKEND === 'mock') {
    const { installMockBackend } = await import('./mock/install-mock');
    setTransport(await installMockBackend());
  }
  setTokenSource(() => localStorage.getItem('token'));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
