import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js (docs/architecture.md, "Imports flow one way"), shown
 * to refuse what they should and to let through what they should. Sample sources are linted as if
 * they sat at the given paths; nothing is written to disk. Type information is left out (it would
 * need the files in the TypeScript program, and no boundary rule uses it).
 */
const eslint = new ESLint({
  cwd: fileURLToPath(new URL('../..', import.meta.url)),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});

const boundaryRules = new Set([
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
]);

/** The boundary rules' messages for `code` at `filePath`, after checking nothing else was said. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  expect(messages.filter((message) => !boundaryRules.has(message.ruleId ?? ''))).toEqual([]);
  return messages.map((message) => `${message.ruleId}: ${message.message}`);
}

/** A sample that imports `names` from each module and uses them, so only where it imports from counts. */
const importing = (...from: string[]) =>
  from
    .map(
      (module, n) => `import { thing${n} } from '${module}';\nexport const used${n} = thing${n};\n`,
    )
    .join('');

const feature = 'A feature does not import another feature';
const contract = 'The web app imports the contract with `import type`';
const http = 'The web app talks to the API over HTTP';
const layers = 'Inside the web app imports flow one way';
const node = 'Isomorphic code cannot use Node modules';

describe('the import boundaries', () => {
  // The first lint loads the config, its plugins and the parser: seconds on a busy machine, paid
  // here once rather than inside the first test's time.
  beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/web/lib/warm-up.ts' }), 60_000);

  it.each([
    [
      'a feature, another feature',
      'src/web/features/likes/x.ts',
      '../videos/videos-service',
      feature,
    ],
    [
      'a feature, another one by its folder',
      'src/web/features/likes/components/x.tsx',
      '../../../features/notes/x',
      feature,
    ],
    ['the web app, the route table', 'src/web/pages/x.ts', '../../contract/routes', contract],
    ['the web app, request schemas', 'src/web/lib/x.ts', '../../contract/requests', contract],
    [
      'the web app, entity schemas',
      'src/web/features/videos/x.ts',
      '../../../contract/entities',
      contract,
    ],
    ['the web app, response schemas', 'src/web/state/x.ts', '../../contract/responses', contract],
    ['the web app, the API', 'src/web/pages/x.ts', '../../api/create-api', http],
    ['the web app, the server', 'src/web/app/x.ts', '../../server/config', http],
    ['lib, a feature', 'src/web/lib/x.ts', '../features/videos/video-paths', layers],
    ['state, a page', 'src/web/state/x.ts', '../pages/home-page', layers],
    ['components, the app', 'src/web/components/ui/x.tsx', '../../app/app', layers],
    ['a feature, a page', 'src/web/features/videos/x.ts', '../../pages/home-page', layers],
    ['a feature, the app', 'src/web/features/notes/components/x.tsx', '../../../app/app', layers],
    ['a page, the app', 'src/web/pages/x.ts', '../app/app', layers],
    ['isomorphic code, node:*', 'src/api/x.ts', 'node:fs', node],
    ['a feature, node:*', 'src/web/features/videos/x.ts', 'node:fs', node],
  ])('refuse %s', async (_, filePath, from, message) => {
    const errors = await boundaryErrors(filePath, importing(from));
    expect(errors).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ['a feature, its own modules', 'src/web/features/videos/components/x.tsx', ['../video-paths']],
    [
      'a feature, lib, state and components',
      'src/web/features/likes/x.ts',
      ['../../lib/api-client', '../../state/use-store', '../../components/ui/modal'],
    ],
    [
      'values from contract/limits and contract/errors',
      'src/web/pages/x.ts',
      ['../../contract/limits', '../../contract/errors'],
    ],
    ['a page, features', 'src/web/pages/x.ts', ['../features/videos/videos-service']],
    [
      'the app, pages and features',
      'src/web/app/x.ts',
      ['../pages/home-page', '../features/auth/auth-service'],
    ],
    ['boot, the videos feature', 'src/web/boot/x.ts', ['../features/videos/video-paths']],
    ['the mock, the API', 'src/web/mock/x.ts', ['../../api/create-api']],
    ['the server, node:*', 'src/server/x.ts', ['node:fs']],
  ])('allow %s', async (_, filePath, from) => {
    expect(await boundaryErrors(filePath, importing(...from))).toEqual([]);
  });

  it('allow types from every contract module', async () => {
    const code = [
      "import type { Video } from '../../../contract/entities';",
      "import type { RouteQuery } from '../../../contract/routes';",
      "import { type SignupBody } from '../../../contract/requests';",
      "export type Used = [Video, RouteQuery<'GET /api/videos'>, SignupBody];",
    ].join('\n');
    expect(await boundaryErrors('src/web/features/videos/x.ts', `${code}\n`)).toEqual([]);
  });
});
