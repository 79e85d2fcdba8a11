/**
 * Vitest setup file of the `dom` project (vite.config.ts). That project shares one jsdom per
 * worker across test files (`isolate: false`: building a jsdom for each file cost most of its
 * run), so each file starts here from what a fresh page would have: no stored data, an empty
 * body, no attributes on <html> (the theme, the rendered-page mark). A module's own state stays
 * loaded: a test that needs a module as a fresh page would load it imports it anew
 * (vi.resetModules), or sets that state up itself.
 */
import { configure } from '@testing-library/react';
import { beforeAll } from 'vitest';

// waitFor and findBy wait for a state, up to this long (Testing Library's default is 1 s): a
// lazily imported chunk (the code highlighter, the mock API) can take longer on a slow or busy
// machine. A state that comes returns at once; only a test that fails waits this long.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) {
    if (name !== 'lang') document.documentElement.removeAttribute(name);
  }
  document.title = '';
});
