import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const isomorphic = ['src/contract/**', 'src/api/**', 'src/web/**'];

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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'Isomorphic code cannot use Node modules.' },
            {
              group: ['**/api/**', '**/server/**'],
              message: 'The web app talks to the API over HTTP.',
            },
          ],
        },
      ],
    },
  },
);
