import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { pwaPlugin } from './scripts/pwa-plugin.ts';
import { bootPlugin } from './src/web/boot/boot-plugin.ts';
import { runsBuiltServer, usesPostgres } from './src/server/testing/test-needs.ts';

// `vite build` makes the server-mode app (dist/web); `vite build --mode mock` the serverless one
// (dist/mock); `vite build --ssr src/web/ssr/render-page.tsx` the server's page renderer
// (dist/web-render, one Node module with React and the app inside: a production install has
// neither). The backend each talks to comes from .env.<mode> (VITE_BACKEND).
// react-router's package sends its development build to every bundler (its exports name no
// other), dev warnings and all; builds take its production one, the same code without them.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

type NodeNeed = 'postgres' | 'server';
const nodeNeeds: Record<NodeNeed, { files: string[]; globalSetup: string }> = {
  postgres: { files: usesPostgres, globalSetup: 'src/server/testing/postgres-global-setup.ts' },
  server: {
    files: runsBuiltServer,
    globalSetup: 'src/server/testing/server-build-global-setup.ts',
  },
};

/** A project of node test files for each set of needs: the files that need exactly those. */
function nodeProjects(
  sets: { name: string; needs: NodeNeed[] }[],
): TestProjectInlineConfiguration[] {
  const needed = (file: string) =>
    (Object.keys(nodeNeeds) as NodeNeed[]).filter((need) => nodeNeeds[need].files.includes(file));
  const allNeeded = [...new Set([...usesPostgres, ...runsBuiltServer])];
  return sets.map(({ name, needs }) => ({
    extends: true,
    test: {
      name,
      environment: 'node',
      ...(needs.length === 0
        ? {
            include: ['src/{contract,api,server,testing}/**/*.test.ts'],
            exclude: [...configDefaults.exclude, ...allNeeded],
          }
        : {
            include: allNeeded.filter((file) => needed(file).join() === needs.toSorted().join()),
          }),
      globalSetup: needs.map((need) => nodeNeeds[need].globalSetup),
    },
  }));
}

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  // bootPlugin before pwaPlugin: the boot script must be in the bundle the precache list is made of.
  // React 19 itself (decision 0023), with Fast Refresh in `npm run dev`.
  plugins: isSsrBuild ? [react()] : [react(), bootPlugin(), pwaPlugin()],
  // The renderer is read by Node, not sent: no public files, no minifying (readable stacks).
  publicDir: isSsrBuild ? false : 'public',
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] }
      : {},
  build: {
    outDir: isSsrBuild ? 'dist/web-render' : mode === 'mock' ? 'dist/mock' : 'dist/web',
    emptyOutDir: true,
    ...(isSsrBuild
      ? { minify: false }
      : {
          // One stylesheet for the whole app (about 12 KB gzip), as a rendered page carries it
          // inline (src/server/seo/page-renderer.ts): a screen's code then brings no CSS of its own
          // to fetch again and apply (a restyle of the whole page) when it loads.
          cssCodeSplit: false,
          // A lazy file's preloads leave out the entry: it is always in before anything imports.
          modulePreload: {
            resolveDependencies: (_file: string, deps: string[]) =>
              deps.filter((dep) => !/(^|\/)index-[\w-]+\.js$/.test(dep)),
          },
          // Every module the entry imports statically goes in the entry's own file: one request
          // for the code a page needs at first instead of ~18 small shared chunks (each a round
          // trip on a phone, and what Lighthouse's simulation counts before the first paint).
          // The app's own small modules that several screens share go in one file too, not a file
          // each: the watch page asked for twelve files (eleven under 2 KB), and a phone on
          // 2 s round trips opens six connections at a time (2 s more for every six files).
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'app', tags: ['$initial' as const], priority: 2 },
                  {
                    name: 'shared',
                    test: /\/src\/web\/(?!mock\/)/,
                    minShareCount: 2,
                    maxModuleSize: 8_000,
                    priority: 1,
                  },
                ],
              },
            },
          },
        }),
  },
  // Only for the renderer's build: vitest runs through Vite's SSR too, with its own externals.
  ...(isSsrBuild ? { ssr: { noExternal: true, target: 'node' as const } } : {}),
  // The renderer carries React in: its production build, whatever NODE_ENV the server runs with.
  define: isSsrBuild && mode !== 'development' ? { 'process.env.NODE_ENV': '"production"' } : {},
  test: {
    // An unexpected console.error or console.warn fails the test (src/testing/console-guard.ts).
    setupFiles: ['src/testing/console-guard.ts'],
    // A worker per core. Vitest's default leaves one core to itself: on a 2-core machine one
    // worker, and the suites (much of their time waiting on servers they spawn) ran one file at
    // a time: 310 s in CI, 205 s with two.
    maxWorkers: '100%',
    projects: [
      // The node tests, in a project for each thing they need (src/server/testing/test-needs.ts):
      // a project's global setup runs only when the run has files of it, so a unit file starts
      // no PostgreSQL and builds nothing. PostgreSQL (embedded, or TEST_DATABASE_URL) for the
      // files that use it, started once a run for both projects that have it; the server bundle
      // (dist/server) for the files that run it, built when missing or stale.
      ...nodeProjects([
        { name: 'node', needs: [] },
        { name: 'node-postgres', needs: ['postgres'] },
        { name: 'node-server', needs: ['server'] },
        { name: 'node-server-postgres', needs: ['server', 'postgres'] },
      ]),
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          // One jsdom per worker, not per file (it took 100 of the project's 190 s); each file
          // still starts from a fresh page's state (src/web/testing/fresh-page.ts).
          isolate: false,
          setupFiles: ['src/web/testing/fresh-page.ts'],
          // Rendering tests share two cores with the API suites: room for slow moments.
          testTimeout: 15_000,
          include: ['src/web/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
}));
