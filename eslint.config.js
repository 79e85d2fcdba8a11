import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const isomorphic = ['src/contract/**', 'src/api/**', 'src/web/**'];

const nodeModules = { group: ['node:*'], message: 'Isomorphic code cannot use Node modules.' };
const apiOrServer = {
  group: ['**/api/**', '**/server/**'],
  message: 'The web app talks to the API over HTTP.',
};

// Every folder of src/web/features is a feature; none may import another (decision 0006). Read
// from the tree, so a new feature is covered without touching this file.
const features = readdirSync(new URL('src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Import paths that reach a feature other than `own` (relative, or through `features/`). */
const otherFeatures = (own) => ({
  regex: `^(\\.\\./)+(features/)?(${features.filter((name) => name !== own).join('|')})(/|$)`,
  message:
    'A feature does not import another feature (decision 0006): move the shared piece to lib/, ' +
    'state/ or components/ui/, or wire the two together in pages/ or app/.',
});

/**
 * Inside the web app imports flow one way: lib, state and components ← features ← pages ← app
 * (architecture, "Imports flow one way"). `layers` are the folders of src/web that a module of a
 * lower layer may not import, however many `../` lead there.
 */
const higherLayers = (layers) => ({
  regex: `^(\\.\\./)+(${layers.join('|')})(/|$)`,
  message:
    'Inside the web app imports flow one way: lib, state and components ← features ← pages ← ' +
    'app (docs/architecture.md, "Imports flow one way").',
});

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      // A template the build fills in (pwa-plugin.ts); it runs as plain JavaScript in the worker.
      'src/web/pwa/service-worker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        // scripts/*.mjs: the plain-JavaScript launchers and build steps (`npm start` runs them
        // before anything is compiled), outside the TypeScript program.
        projectService: { allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Code that runs in the page must not reach for Node's modules (architecture §5: isomorphic layers).
    files: isomorphic,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'Isomorphic code cannot use Node modules.' }] },
      ],
    },
  },
  {
    // The web app reaches the API only through the in-page mock (architecture §5).
    files: ['src/web/**'],
    ignores: ['src/web/mock/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [nodeModules, apiOrServer] }],
    },
  },
  // The blocks below replace the one above for their files (a later block's options for a rule
  // win), so each repeats its patterns: no node:*, no api/server, then its own.
  {
    // Server rendering runs in Node (vite build --ssr): Node's modules, never the API's code.
    files: ['src/web/ssr/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [apiOrServer] }],
    },
  },
  {
    // The shared layers serve every feature and page, and know none of them.
    files: ['src/web/lib/**', 'src/web/state/**', 'src/web/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [nodeModules, apiOrServer, higherLayers(['features', 'pages', 'app'])] },
      ],
    },
  },
  {
    // The data layer (the query cache and its reads) serves the features and pages above it.
    files: ['src/web/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [nodeModules, apiOrServer, higherLayers(['features', 'pages', 'app'])] },
      ],
    },
  },
  ...features.map((feature) => ({
    // Features stay independent of each other (architecture §5, decision 0006), and below the
    // screens that compose them.
    files: [`src/web/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeModules,
            apiOrServer,
            otherFeatures(feature),
            higherLayers(['pages', 'app']),
          ],
        },
      ],
    },
  })),
  {
    // Pages compose features; the app (providers, routes, layout) composes pages.
    files: ['src/web/pages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [nodeModules, apiOrServer, higherLayers(['app'])] },
      ],
    },
  },
  {
    // The web app takes types from the contract, and values only from its two zod-free modules:
    // limits.ts and errors.ts. The others are zod schemas, which the server-mode first load must
    // not carry (architecture §4 and "Imports flow one way").
    files: ['src/web/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/contract/*',
                '!**/contract/limits',
                '!**/contract/errors',
                '!**/contract/digits',
              ],
              allowTypeImports: true,
              message:
                'The web app imports the contract with `import type`; values only from ' +
                'contract/limits, contract/errors or contract/digits (no zod in the first load).',
            },
          ],
        },
      ],
    },
  },
  {
    // A pattern run on catalogue or user text costs time linear in it (issue 42, finding 12): no
    // quantifier that trades characters with its neighbour, no scan that starts again from each
    // character of a run. Tests and their helpers read the project's own fixtures.
    files: ['src/**'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
);
