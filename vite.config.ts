import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pwaPlugin } from './scripts/pwa-plugin.ts';
import { bootPlugin } from './src/web/boot/boot-plugin.ts';

// The app is written against React's API and types, and runs on Preact through preact/compat
// (decision 0017): about 10 KB gzip before the first paint where React 19 weighed ~68 KB. Every
// import of React, ours and the libraries', resolves to Preact, in the build and in the unit tests
// alike, so the tests exercise what ships.
const reactOnPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

// `vite build` makes the server-mode app (dist/web); `vite build --mode mock` the serverless one
// (dist/mock). The backend each talks to comes from .env.<mode> (VITE_BACKEND).
export default defineConfig(({ mode }) => ({
  // bootPlugin before pwaPlugin: the boot script must be in the bundle the precache list is made of.
  // React Fast Refresh has no Preact counterpart here: an edited component reloads the page.
  plugins: [react({ refreshExclude: /./ }), bootPlugin(), pwaPlugin()],
  resolve: { alias: reactOnPreact },
  build: {
    outDir: mode === 'mock' ? 'dist/mock' : 'dist/web',
    emptyOutDir: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // react-router uses React 19's useOptimistic where there is one and does without it
        // otherwise; Preact has none, which is what this warning says.
        if (warning.code === 'IMPORT_IS_UNDEFINED') {
          if (warning.message.includes('useOptimistic')) return;
          // Anything else Preact lacks would ship as undefined and fail at run time: fail here.
          throw new Error(`Preact has no such export: ${warning.message}`);
        }
        warn(warning);
      },
    },
  },
  test: {
    // An unexpected console.error or console.warn fails the test (src/testing/console-guard.ts).
    setupFiles: ['src/testing/console-guard.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/{contract,api,server,testing}/**/*.test.ts'],
          // A PostgreSQL for the SqlStore suites (embedded, or TEST_DATABASE_URL), and the
          // server bundle (dist/server) the system tests run, built when missing or stale.
          globalSetup: [
            'src/server/testing/postgres-global-setup.ts',
            'src/server/testing/server-build-global-setup.ts',
          ],
        },
      },
      {
        extends: true,
        // Packages' ES module builds, which can be bundled into the tests: their CommonJS builds
        // (what the `node` condition picks) are loaded by Node, along with React itself. Testing
        // Library has no `exports` to pick it by, so its ES module file is named.
        resolve: {
          conditions: ['module', 'browser', 'development|production'],
          alias: [
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
        },
        test: {
          name: 'dom',
          environment: 'jsdom',
          // Rendering tests share two cores with the API suites: room for slow moments.
          testTimeout: 15_000,
          include: ['src/web/**/*.test.{ts,tsx}'],
          // The libraries that import React are bundled into the tests, so the alias above
          // reaches their imports too (left to Node, they would load React itself).
          server: {
            deps: {
              inline: [
                /@testing-library\/react/,
                /react-router/,
                /react-hot-toast/,
                /@floating-ui\/react-dom/,
                /lucide-react/,
                /react-markdown/,
              ],
            },
          },
        },
      },
    ],
  },
}));
