import AxeBuilder from '@axe-core/playwright';
import { type Page, type Response as PageResponse } from '@playwright/test';
import { execFile, execFileSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { expect, PAGE_ONLY, seed, signedInUser, test } from './support';

/**
 * The request tester at /mock (product §2–§5, §8, §9). Runs under any project's baseURL: checks
 * that only make sense for one backend decide from what the page's panel says it talks to.
 */

const SEED_TODO = '"Send a GET to /api/test-todos"';
const TEST_ACCOUNT = { email: 'test@codetube.dev', password: 'codetube-test-1' };

type Backend = 'mock' | 'server';

async function openTester(page: Page) {
  await page.goto('/mock');
  await expect(page.getByRole('heading', { name: 'Request tester', level: 1 })).toBeVisible();
  return tester(page);
}

function tester(page: Page) {
  const response = page.getByRole('region', { name: 'Response' });
  return {
    // Exact names: the scenario panel has a 'Method to fail', the form an 'API endpoints' list.
    method: page.getByRole('combobox', { name: 'Method', exact: true }),
    endpoint: page.getByRole('textbox', { name: 'Endpoint', exact: true }),
    body: page.getByRole('textbox', { name: 'Body', exact: true }),
    submit: page.getByRole('button', { name: 'Submit', exact: true }),
    panel: page.getByRole('region', { name: 'Backend' }),
    response,
    status: response.getByTestId('response-status'),
    data: response.getByRole('group', { name: 'Response data' }),
    headerName: (row: number) => page.getByRole('textbox', { name: `Header ${row} name` }),
    headerValue: (row: number) => page.getByRole('textbox', { name: `Header ${row} value` }),
    headerUse: (row: number) => page.getByRole('checkbox', { name: `Send header ${row}` }),
  };
}

/** Which backend answers this page, as the mock panel shows it. */
async function backendOf(page: Page): Promise<Backend> {
  const panel = tester(page).panel;
  await expect(panel).toContainText(/In-page mock backend|Node server/);
  return (await panel.textContent())?.includes('In-page mock backend') ? 'mock' : 'server';
}

/** Sends one request through the form and waits for its status line. */
async function send(
  page: Page,
  request: { method?: string; endpoint: string; body?: string },
  expectedStatus: string | RegExp,
) {
  const ui = tester(page);
  await ui.method.selectOption(request.method ?? 'GET');
  await ui.endpoint.fill(request.endpoint);
  if (request.body !== undefined) await ui.body.fill(request.body);
  await ui.submit.click();
  await expect(ui.status).toHaveText(expectedStatus);
}

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A host on another origin for "any absolute URL": allows the page's origin with CORS, echoes
 * what it received, and answers /items with a long array.
 */
async function startEchoServer() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('vary', 'origin');
    res.setHeader('access-control-expose-headers', 'x-echo-method');
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, POST, DELETE');
      res.setHeader(
        'access-control-allow-headers',
        req.headers['access-control-request-headers'] ?? '',
      );
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      received.push(entry);
      const answer =
        entry.path === '/items'
          ? Array.from({ length: 250 }, (_, index) => ({ n: index }))
          : { method: entry.method, headers: entry.headers, body: body ? JSON.parse(body) : null };
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-echo-method', entry.method);
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port nothing listens on: bound by the OS, then released. */
async function closedPortUrl() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/nothing-listens-here`;
}

const runShellFile = promisify(execFile);

/** Runs a command line through a POSIX shell, as a user pasting it would. */
async function runShell(command: string) {
  await runShellFile('sh', ['-c', command], { timeout: 10_000 });
}

function hasCurl(): boolean {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The history section and its entries. */
function historyOf(page: Page) {
  const section = page.getByRole('region', { name: /^History \(\d+\)$/ });
  return { section, entries: section.getByRole('listitem') };
}

test(
  'starts with GET, the default endpoint, Accept */*, body {} and no response',
  PAGE_ONLY,
  async ({ page }) => {
    const ui = await openTester(page);
    await expect(ui.method).toHaveValue('GET');
    await expect(ui.method.getByRole('option')).toHaveText(['GET', 'POST', 'DELETE']);
    await expect(ui.endpoint).toHaveValue('/api/test-todos');
    await expect(ui.endpoint).toHaveAttribute('placeholder', 'Enter your endpoint');
    await expect(page.getByRole('group', { name: 'Headers (1)' })).toBeVisible();
    await expect(ui.headerUse(1)).toBeChecked();
    await expect(ui.headerName(1)).toHaveValue('Accept');
    await expect(ui.headerValue(1)).toHaveValue('*/*');
    await expect(ui.headerUse(2)).not.toBeChecked();
    await expect(ui.headerName(2)).toHaveValue('');
    await expect(ui.body).toHaveValue('{}');
    await expect(ui.response).toHaveAttribute('aria-live', 'polite');
    await expect(ui.response).toContainText('Response is undefined.');
    // The layout's <main> is the page's one main landmark; the tester does not add a second.
    await expect(page.getByRole('main')).toHaveCount(1);
  },
);

test('Submit sends a GET and shows the status, the data in the JSON viewer and the headers', async ({
  page,
}) => {
  const ui = await openTester(page);
  await ui.submit.click();
  await expect(ui.status).toHaveText('200 OK');
  await expect(ui.data.getByText(SEED_TODO)).toBeVisible();
  await expect(ui.response.getByRole('definition').first()).toBeVisible();
  await expect(ui.response.getByText('content-type', { exact: true })).toBeVisible();
  await expect(ui.response).not.toContainText('Response is undefined.');
});

test(
  'editing the last header row appends one; the heading counts enabled rows',
  PAGE_ONLY,
  async ({ page }) => {
    const ui = await openTester(page);
    await ui.headerName(2).fill('X-Trace');
    await expect(ui.headerName(3)).toHaveValue('');
    await expect(ui.headerUse(3)).not.toBeChecked();
    await expect(ui.headerUse(2)).toBeChecked();
    await expect(page.getByRole('group', { name: 'Headers (2)' })).toBeVisible();
    await ui.headerValue(2).fill('abc');
    await expect(ui.headerName(4)).toHaveCount(0);
    await ui.headerUse(1).uncheck();
    await expect(page.getByRole('group', { name: 'Headers (1)' })).toBeVisible();
    await ui.headerUse(1).check();
    await expect(page.getByRole('group', { name: 'Headers (2)' })).toBeVisible();
  },
);

test('enabled headers are real request headers: a token row signs in, unchecking it does not', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const ui = await openTester(page);
  await send(
    page,
    { method: 'POST', endpoint: '/api/auth/login', body: JSON.stringify(TEST_ACCOUNT) },
    '200 OK',
  );
  const tokenText = await ui.data.getByText(/^"ey/).textContent();
  const token = JSON.parse(tokenText ?? '""') as string;
  expect(token.split('.')).toHaveLength(3);

  await ui.headerName(2).fill('authorization');
  await ui.headerValue(2).fill(token);
  await send(page, { endpoint: '/api/user/likes' }, '200 OK');
  await expect(ui.data).toContainText('"likes"');

  await ui.headerUse(2).uncheck();
  await ui.submit.click();
  // A failure shows the error's response, and is logged.
  await expect(ui.status).toHaveText('401 Unauthorized');
  await expect(ui.data).toContainText('"The token is invalid. Unauthorized access error."');
  await expect
    .poll(() => errors.some((text) => text.startsWith('Request tester: GET /api/user/likes')))
    .toBe(true);
});

test(
  "the body shows 'Error in JSON format' while invalid or empty; Submit sends the last valid body",
  PAGE_ONLY,
  async ({ page }) => {
    const ui = await openTester(page);
    const error = page.getByText('Error in JSON format', { exact: true });
    await expect(error).toBeHidden();
    await ui.body.fill('');
    await expect(error).toBeVisible();
    await expect(ui.body).toHaveAttribute('aria-invalid', 'true');
    await ui.body.fill('{"title": ');
    await expect(error).toBeVisible();

    const title = `Body test ${test.info().project.name} ${Date.now()}`;
    await ui.body.fill(JSON.stringify({ title }));
    await expect(error).toBeHidden();
    await ui.body.fill(`${JSON.stringify({ title })} trailing text`);
    await expect(error).toBeVisible();
    await send(page, { method: 'POST', endpoint: '/api/test-todos' }, '201 Created');
    await expect(ui.data.getByText(JSON.stringify(title))).toBeVisible();
  },
);

test(
  'while the body box is invalid, Submit says it sends the last valid body and shows it',
  PAGE_ONLY,
  async ({ page }) => {
    const ui = await openTester(page);
    const note = page.getByText('Submit sends the last valid body, not the text in the box:');
    const title = `Last valid ${test.info().project.name} ${Date.now()}`;
    const valid = JSON.stringify({ title });
    await ui.method.selectOption('POST');
    await ui.endpoint.fill('/api/test-todos');
    await ui.body.fill(valid);
    await expect(note).toBeHidden();
    await ui.body.fill('{"title": "A typo');
    await expect(page.getByText('Error in JSON format', { exact: true })).toBeVisible();
    // Said beside the button, with the body it sends, and read out with the button.
    await expect(note).toBeVisible();
    await expect(page.getByText(valid, { exact: true })).toBeVisible();
    await expect(ui.submit).toHaveAccessibleDescription(
      new RegExp(`^Submit sends the last valid body, not the text in the box: ${escape(valid)}`),
    );
    await ui.submit.click();
    await expect(ui.status).toHaveText('201 Created');
    await expect(ui.data.getByText(JSON.stringify(title))).toBeVisible();

    // Or the user takes it back into the box, to fix from there.
    await page.getByRole('button', { name: 'Put it back in the box' }).click();
    await expect(ui.body).toHaveValue(valid);
    await expect(ui.body).toBeFocused();
    await expect(note).toBeHidden();
    await expect(page.getByText('Error in JSON format', { exact: true })).toBeHidden();
  },
);

/** `text` as a regular expression that matches it literally. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('DELETE removes a todo by its _id', async ({ page }) => {
  const ui = await openTester(page);
  const title = `Delete me ${test.info().project.name} ${Date.now()}`;
  await send(
    page,
    { method: 'POST', endpoint: '/api/test-todos', body: JSON.stringify({ title }) },
    '201 Created',
  );
  const id = await page.evaluate(async (wanted) => {
    const response = await fetch('/api/test-todos');
    const { todos } = (await response.json()) as { todos: { _id: string; title: string }[] };
    return todos.find((todo) => todo.title === wanted)?._id;
  }, title);
  expect(id).toBeTruthy();
  await send(page, { method: 'DELETE', endpoint: `/api/test-todos/${id}` }, '200 OK');
  await expect(ui.data).toContainText(SEED_TODO);
  await expect(ui.data).not.toContainText(title);
});

test('an unknown API route shows its 404 response', async ({ page }) => {
  const ui = await openTester(page);
  await send(page, { endpoint: '/api/no-such-route' }, '404 Not Found');
  await expect(ui.data).toContainText('"errors"');
});

test.describe('any absolute URL', PAGE_ONLY, () => {
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  test.beforeEach(async () => {
    echo = await startEchoServer();
  });
  test.afterEach(async () => {
    await echo.close();
  });

  test('sends enabled headers as headers and the body as JSON, and reads exposed headers', async ({
    page,
  }) => {
    const ui = await openTester(page);
    await ui.headerName(2).fill('X-Tester');
    await ui.headerValue(2).fill('from the tester');
    await ui.headerName(3).fill('X-Unchecked');
    await ui.headerValue(3).fill('must not arrive');
    await ui.headerUse(3).uncheck();
    await send(
      page,
      { method: 'POST', endpoint: `${echo.url}/echo`, body: '{ "hello": ["world", 1] }' },
      '200 OK',
    );

    const post = echo.received.find((entry) => entry.method === 'POST');
    expect(post?.headers['x-tester']).toBe('from the tester');
    expect(post?.headers.accept).toBe('*/*');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers['x-unchecked']).toBeUndefined();
    expect(JSON.parse(post?.body ?? 'null')).toEqual({ hello: ['world', 1] });
    await expect(ui.data).toContainText('"x-tester": "from the tester"');
    await expect(ui.response.getByText('x-echo-method', { exact: true })).toBeVisible();

    await send(page, { method: 'GET', endpoint: `${echo.url}/echo` }, '200 OK');
    const get = echo.received.find((entry) => entry.method === 'GET');
    expect(get?.body).toBe('');
    expect(get?.headers['x-tester']).toBe('from the tester');
  });

  test.describe('copy as cURL', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('copies a shell-safe command that sends what Submit sends', async ({ page }) => {
      const ui = await openTester(page);
      await ui.headerName(2).fill('X-Quote');
      await ui.headerValue(2).fill(`it's "quoted" $HOME \`echo swapped\``);
      // Harmless substitutions: were the quoting wrong, the shell would run them and the body
      // would arrive changed.
      const body = { note: "Rock 'n' roll; $(echo swapped) & `echo swapped`", list: [1, 'two'] };
      await send(
        page,
        // Brackets and braces, which curl would read as ranges and lists were globbing on.
        {
          method: 'POST',
          endpoint: `${echo.url}/echo?q=[React]&tags={CSS,HTML}`,
          body: JSON.stringify(body),
        },
        '200 OK',
      );

      await page.getByRole('button', { name: 'Copy as cURL' }).click();
      await expect(page.getByText('cURL command copied to the clipboard.')).toBeVisible();
      const command = await page.evaluate(() => navigator.clipboard.readText());
      expect(command).toMatch(/^curl --globoff --request POST '/);

      test.skip(!hasCurl(), 'curl is not installed on this machine');
      // A real shell runs it: quoting mistakes would show as a different request or none.
      await runShell(command);
      const posts = echo.received.filter((entry) => entry.method === 'POST');
      expect(posts).toHaveLength(2);
      const [fromTester, fromCurl] = posts;
      expect(fromCurl?.path).toBe(fromTester?.path);
      expect(fromCurl?.path).toBe('/echo?q=[React]&tags={CSS,HTML}');
      expect(fromCurl?.headers['x-quote']).toBe(fromTester?.headers['x-quote']);
      expect(fromCurl?.headers.accept).toBe('*/*');
      expect(fromCurl?.headers['content-type']).toBe('application/json');
      expect(JSON.parse(fromCurl?.body ?? 'null')).toEqual(body);
      expect(fromCurl?.body).toBe(fromTester?.body);
    });
  });

  test('groups arrays after 100 items and indents nested levels by 4 characters', async ({
    page,
  }) => {
    const ui = await openTester(page);
    await send(page, { endpoint: `${echo.url}/items` }, '200 OK');
    const groups = ui.data.getByRole('button', { name: /^\[\d+ … \d+\]$/ });
    await expect(groups).toHaveText(['▸[0 … 99]', '▸[100 … 199]', '▸[200 … 249]']);
    await expect(ui.data.getByText('"n"')).toHaveCount(0);

    await ui.data.getByRole('button', { name: '[100 … 199]' }).click();
    await expect(ui.data.getByText('"n"')).toHaveCount(100);
    const offsets = await ui.data.evaluate((viewer) => {
      const group = [...viewer.querySelectorAll('button')].find((button) =>
        button.textContent?.includes('[100 … 199]'),
      );
      const item = group?.parentElement?.querySelector('ul li');
      const probe = document.createElement('span');
      probe.style.cssText = 'display:inline-block;width:4ch';
      viewer.append(probe);
      const fourCh = probe.getBoundingClientRect().width;
      probe.remove();
      const left = (element: Element | null | undefined) =>
        element?.getBoundingClientRect().left ?? Number.NaN;
      return { indent: left(item) - left(group?.parentElement), fourCh };
    });
    expect(offsets.fourCh).toBeGreaterThan(0);
    expect(offsets.indent).toBeCloseTo(offsets.fourCh, 0);
  });
});

test(
  "a request that gets no response shows the error itself, 'Network request failed', and logs it",
  PAGE_ONLY,
  async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const ui = await openTester(page);
    const url = await closedPortUrl();
    await ui.endpoint.fill(url);
    await ui.submit.click();
    await expect(ui.response).toContainText('TypeError: Network request failed');
    await expect(ui.status).toHaveCount(0);
    await expect
      .poll(() => errors.some((text) => text.startsWith(`Request tester: GET ${url} failed`)))
      .toBe(true);
  },
);

test(
  'keyboard: Tab reaches every control in order and Enter in the endpoint submits',
  PAGE_ONLY,
  async ({ page }) => {
    const ui = await openTester(page);
    await ui.method.focus();
    await page.keyboard.press('Tab');
    await expect(ui.endpoint).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(ui.submit).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(ui.headerUse(1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('group', { name: 'Headers (0)' })).toBeVisible();
    await page.keyboard.press('Space');
    await ui.endpoint.focus();
    await page.keyboard.press('End');
    await page.keyboard.type('/does-not-exist');
    await page.keyboard.press('Enter');
    await expect(ui.status).toHaveText('404 Not Found');
  },
);

test(
  'from 320 px wide the page never scrolls sideways; long JSON scrolls in its own box',
  PAGE_ONLY,
  async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const ui = await openTester(page);
    const title = `${'long-title-without-spaces-'.repeat(12)}${Date.now()}`;
    await send(
      page,
      { method: 'POST', endpoint: '/api/test-todos', body: JSON.stringify({ title }) },
      '201 Created',
    );
    await expect(ui.data.getByText(JSON.stringify(title))).toBeVisible();
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    expect(overflow.page).toBeLessThanOrEqual(0);
    const viewer = await ui.data.evaluate((box) => ({
      scroll: box.scrollWidth,
      client: box.clientWidth,
    }));
    expect(viewer.scroll).toBeGreaterThan(viewer.client);

    await page.setViewportSize({ width: 1600, height: 900 });
    const layout = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(layout).toBeLessThanOrEqual(0);
  },
);

test('the tester is lazy-loaded: the first load of / downloads none of its code', async ({
  browser,
}) => {
  const marker = 'Response is undefined.';

  async function scriptsOf(path: string) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts: Promise<{ url: string; text: string }>[] = [];
    const onResponse = (response: PageResponse) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.text().then((text) => ({ url: response.url(), text })));
      }
    };
    page.on('response', onResponse);
    await page.goto(path);
    if (path === '/') {
      await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();
    } else {
      await expect(page.getByText(marker)).toBeVisible();
    }
    // Whatever the page still fetches after its first screen counts too; then no answer may
    // arrive after the bodies are read (its body would be gone with the closed context).
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    const loaded = await Promise.all(scripts);
    await context.close();
    return loaded;
  }

  const home = await scriptsOf('/');
  const tester = await scriptsOf('/mock');
  const testerChunks = tester.filter((script) => script.text.includes(marker));
  expect(testerChunks.length).toBeGreaterThan(0);
  const homeUrls = home.map((script) => script.url);
  for (const chunk of testerChunks) expect(homeUrls).not.toContain(chunk.url);
  expect(home.filter((script) => script.text.includes(marker))).toEqual([]);
});

test.describe('the endpoint picker', () => {
  test('lists the operations of /api/openapi.json and fills method, endpoint and example body', async ({
    page,
  }) => {
    const ui = await openTester(page);
    const picker = page.getByRole('combobox', { name: 'API endpoints' });
    await expect(picker).toBeEnabled();
    await expect(picker.getByRole('option')).toContainText([
      'Choose an endpoint…',
      'POST /api/auth/login — Log in',
      'GET /api/videos — List the catalogue',
      'GET /api/user/likes — List my liked videos (needs a session)',
    ]);
    const methods = await picker
      .getByRole('option')
      .evaluateAll((options) =>
        options.slice(1).map((option) => option.textContent?.split(' ')[0]),
      );
    expect(new Set(methods)).toEqual(new Set(['GET', 'POST', 'DELETE']));

    // A path parameter is filled with a seed video, so the request answers with data.
    await picker.selectOption({ label: 'GET /api/video/{videoId} — One video' });
    await expect(ui.method).toHaveValue('GET');
    await expect(ui.endpoint).toHaveValue(`/api/video/${seed.html5.id}`);
    await ui.submit.click();
    await expect(ui.status).toHaveText('200 OK');
    await expect(ui.data).toContainText(seed.html5.title);

    // An operation with a body puts an example built from its schema in the body box.
    await picker.selectOption({ label: 'POST /api/test-todos — Add a sample todo' });
    await expect(ui.method).toHaveValue('POST');
    await expect(ui.endpoint).toHaveValue('/api/test-todos');
    expect(JSON.parse(await ui.body.inputValue())).toEqual({
      title: 'My example',
      completed: false,
    });
    await ui.submit.click();
    await expect(ui.status).toHaveText('201 Created');

    // Typing another endpoint leaves the picker on no operation rather than a stale one.
    await ui.endpoint.fill('/api/somewhere-else');
    await expect(picker).toHaveValue('');
  });
});

test.describe("'Use my session'", () => {
  test('says there is no session while logged out', async ({ page }) => {
    await openTester(page);
    const session = page.getByRole('switch', { name: 'Use my session' });
    await expect(session).toBeDisabled();
    await expect(session).not.toBeChecked();
    await expect(page.getByText('There is no session: log in to use it.')).toBeVisible();
  });

  test("adds the signed-in user's token as an authorization row; off removes it", async ({
    page,
  }) => {
    await signedInUser(page);
    const ui = await openTester(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const session = page.getByRole('switch', { name: 'Use my session' });
    await expect(session).toBeEnabled();
    await session.check();
    await expect(page.getByRole('group', { name: 'Headers (2)' })).toBeVisible();
    await expect(ui.headerName(2)).toHaveValue('authorization');
    await expect(ui.headerValue(2)).toHaveValue(token ?? '');
    await expect(ui.headerUse(2)).toBeChecked();
    await send(page, { endpoint: '/api/user/likes' }, '200 OK');
    await expect(ui.data).toContainText('"likes"');

    // Disabling the row by hand turns the switch off too: it shows what is sent.
    await ui.headerUse(2).uncheck();
    await expect(session).not.toBeChecked();
    await session.check();
    await expect(ui.headerUse(2)).toBeChecked();

    await session.uncheck();
    await expect(page.getByRole('group', { name: 'Headers (1)' })).toBeVisible();
    await expect(ui.headerName(2)).toHaveValue('');
    await ui.submit.click();
    await expect(ui.status).toHaveText('401 Unauthorized');
  });
});

test('shows the time and the size in bytes of the response', PAGE_ONLY, async ({ page }) => {
  const ui = await openTester(page);
  await send(page, { endpoint: '/api/categories' }, '200 OK');
  const bytes = await page.evaluate(async () => {
    const response = await fetch('/api/categories');
    return (await response.arrayBuffer()).byteLength;
  });
  const timing = ui.response.getByTestId('response-timing');
  await expect(timing.getByRole('term')).toHaveText(['Time', 'Size']);
  await expect(timing.getByRole('definition').first()).toHaveText(/^\d+ ms$/);
  const size = bytes < 1024 ? `${bytes} B` : `(${bytes} B)`;
  await expect(timing.getByRole('definition').last()).toContainText(size);
});

test(
  'Ctrl+Enter sends from the body box and Cmd+Enter from anywhere in the tester',
  PAGE_ONLY,
  async ({ page }) => {
    const ui = await openTester(page);
    await ui.method.selectOption('POST');
    const title = `Keyboard ${Date.now()}`;
    await ui.body.fill(JSON.stringify({ title }));
    await ui.body.press('Control+Enter');
    await expect(ui.status).toHaveText('201 Created');
    await expect(ui.data.getByText(JSON.stringify(title))).toBeVisible();
    // The shortcut sends; it does not add a line to the body.
    await expect(ui.body).toHaveValue(JSON.stringify({ title }));

    await ui.method.selectOption('GET');
    await ui.endpoint.fill('/api/nothing-here');
    await ui.headerValue(1).press('Meta+Enter');
    await expect(ui.status).toHaveText('404 Not Found');
    await expect(ui.submit).toHaveAttribute('aria-keyshortcuts', 'Control+Enter Meta+Enter');
  },
);

test.describe('the history', PAGE_ONLY, () => {
  test('keeps requests newest first across reloads; Run again loads and sends; Clear empties it', async ({
    page,
  }) => {
    const ui = await openTester(page);
    const { section, entries } = historyOf(page);
    await expect(section).toContainText('No requests sent yet.');
    await send(page, { endpoint: '/api/test-todos' }, '200 OK');
    await ui.headerName(2).fill('X-Kept');
    await ui.headerValue(2).fill('in history');
    await send(page, { endpoint: '/api/no-such-route' }, '404 Not Found');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('GET /api/no-such-route');
    await expect(entries.nth(0)).toContainText('404 Not Found');
    await expect(entries.nth(0)).toContainText('2 headers');
    await expect(entries.nth(1)).toContainText('GET /api/test-todos');
    await expect(entries.nth(1)).toContainText('200 OK');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'History (2)' })).toBeVisible();
    await expect(ui.endpoint).toHaveValue('/api/test-todos');
    await expect(ui.headerName(2)).toHaveValue('');

    await section.getByRole('button', { name: 'Run again: GET /api/no-such-route' }).click();
    await expect(ui.endpoint).toHaveValue('/api/no-such-route');
    await expect(ui.headerName(2)).toHaveValue('X-Kept');
    await expect(ui.headerValue(2)).toHaveValue('in history');
    await expect(ui.status).toHaveText('404 Not Found');
    await expect(page.getByRole('heading', { name: 'History (3)' })).toBeVisible();
    await expect(entries.nth(0)).toContainText('GET /api/no-such-route');

    await section.getByRole('button', { name: 'Clear history' }).click();
    await expect(section).toContainText('No requests sent yet.');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'History (0)' })).toBeVisible();
  });

  test('keeps the last 50 requests', async ({ page }) => {
    await page.goto('/');
    // 50 earlier requests, as the tester stores them, newest (1) first.
    await page.evaluate(() => {
      const entries = Array.from({ length: 50 }, (_, index) => ({
        id: `seeded-${index + 1}`,
        sentAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 50 - index)).toISOString(),
        reqType: 'GET',
        endpoint: `/api/test-todos?n=${index + 1}`,
        headers: { Accept: '*/*' },
        body: '{}',
        outcome: { status: 200, statusText: 'OK' },
        durationMs: 1,
      }));
      localStorage.setItem('codetube:tester-history', JSON.stringify(entries));
    });
    const ui = await openTester(page);
    const { entries } = historyOf(page);
    await expect(entries).toHaveCount(50);
    await send(page, { endpoint: '/api/categories' }, '200 OK');
    await expect(page.getByRole('heading', { name: 'History (50)' })).toBeVisible();
    await expect(entries.first()).toContainText('GET /api/categories');
    await expect(entries.nth(1)).toContainText('/api/test-todos?n=1');
    await expect(entries.last()).toContainText('/api/test-todos?n=49');
    await expect(ui.response).toContainText('200 OK');
  });
});

test.describe('the mock panel', () => {
  test('shows the in-page mock backend; its response delay is kept and applied', async ({
    page,
  }) => {
    const ui = await openTester(page);
    test.skip((await backendOf(page)) !== 'mock', 'the page talks to the Node server');
    await expect(ui.panel).toContainText('In-page mock backend');
    const delay = ui.panel.getByRole('slider', { name: 'Response delay (ms)' });
    await expect(delay).toHaveValue('0');
    await expect(delay).toHaveAttribute('aria-valuetext', '0 ms');
    await delay.fill('1000');
    await expect(ui.panel).toContainText('1000 ms');
    await page.reload();
    await expect(delay).toHaveValue('1000');
    // A lower bound only: the mock answers no earlier than the chosen delay.
    const elapsed = await page.evaluate(async () => {
      const started = performance.now();
      await fetch('/api/test-todos');
      return performance.now() - started;
    });
    expect(elapsed).toBeGreaterThanOrEqual(990);
    await delay.fill('0');
  });

  test("'Reset mock data' throws away what was written", async ({ page }) => {
    const ui = await openTester(page);
    test.skip((await backendOf(page)) !== 'mock', 'the page talks to the Node server');
    const title = `Gone after reset ${Date.now()}`;
    await send(
      page,
      { method: 'POST', endpoint: '/api/test-todos', body: JSON.stringify({ title }) },
      '201 Created',
    );
    await expect(ui.data).toContainText(title);
    await ui.panel.getByRole('button', { name: 'Reset mock data' }).click();
    await expect(ui.panel.getByRole('status')).toHaveText('Mock data reset to the seed.');
    await send(page, { endpoint: '/api/test-todos' }, '200 OK');
    await expect(ui.data).toContainText(SEED_TODO);
    await expect(ui.data).not.toContainText(title);
  });

  test('the delay slider goes from 0 to 3000 ms by keyboard and is remembered', async ({
    page,
  }) => {
    const ui = await openTester(page);
    test.skip((await backendOf(page)) !== 'mock', 'the page talks to the Node server');
    const delay = ui.panel.getByRole('slider', { name: 'Response delay (ms)' });
    await expect(delay).toBeEnabled();
    await delay.focus();
    await page.keyboard.press('End');
    await expect(delay).toHaveAttribute('aria-valuetext', '3000 ms');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await expect(delay).toHaveAttribute('aria-valuetext', '50 ms');
    await expect(ui.panel).toContainText('50 ms');
    await page.reload();
    await expect(delay).toHaveValue('50');
  });

  test("'Simulate offline' fails /api for the tester and the app, survives a reload, and switches off", async ({
    page,
  }) => {
    const ui = await openTester(page);
    test.skip((await backendOf(page)) !== 'mock', 'the page talks to the Node server');
    const offline = ui.panel.getByRole('switch', { name: 'Simulate offline' });
    await offline.check();
    await ui.submit.click();
    await expect(ui.response).toContainText('TypeError: Network request failed');
    await expect(ui.status).toHaveCount(0);

    // The app's own API client sees the same failure.
    await page.goto('/');
    await expect(page.getByRole('alert')).toHaveText('Network request failed');

    await openTester(page);
    await expect(offline).toBeChecked();
    await offline.uncheck();
    await send(page, { endpoint: '/api/test-todos' }, '200 OK');
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();
  });

  test('a forced error status answers matching requests, in the tester and the app, until removed', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const ui = await openTester(page);
    test.skip((await backendOf(page)) !== 'mock', 'the page talks to the Node server');
    const force = {
      method: ui.panel.getByRole('combobox', { name: 'Method to fail' }),
      path: ui.panel.getByRole('combobox', { name: 'Path to fail' }),
      status: ui.panel.getByRole('combobox', { name: 'Status to answer' }),
      add: ui.panel.getByRole('button', { name: 'Force this error' }),
      list: ui.panel.getByRole('list', { name: 'Forced errors' }),
    };
    await expect(ui.panel).toContainText('No route is forced to fail.');

    await force.path.fill('videos');
    await force.add.click();
    await expect(ui.panel).toContainText(
      'Enter a path under /api, e.g. /api/videos or /api/user/*.',
    );
    await expect(force.list).toHaveCount(0);

    await force.method.selectOption('GET');
    await force.path.fill('/api/videos');
    await force.status.selectOption('503');
    await force.add.click();
    await expect(force.list.getByRole('listitem')).toHaveText([
      /GET \/api\/videos → 503 Service Unavailable/,
    ]);
    await force.method.selectOption('ANY');
    await force.path.fill('/api/user/*');
    await force.status.selectOption('429');
    await force.add.click();
    await expect(force.list.getByRole('listitem')).toHaveCount(2);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await send(page, { endpoint: '/api/videos' }, '503 Service Unavailable');
    await expect(ui.data).toContainText('"Service Unavailable"');
    await send(
      page,
      { method: 'DELETE', endpoint: '/api/user/history/all' },
      '429 Too Many Requests',
    );
    await send(page, { endpoint: '/api/categories' }, '200 OK');

    await page.goto('/');
    await expect(page.getByRole('alert')).toHaveText('Service Unavailable');

    await openTester(page);
    await expect(force.list.getByRole('listitem')).toHaveCount(2);
    await ui.panel
      .getByRole('button', { name: 'Remove GET /api/videos → 503 Service Unavailable' })
      .click();
    await expect(force.list.getByRole('listitem')).toHaveCount(1);
    await send(page, { endpoint: '/api/videos' }, '200 OK');

    await ui.panel.getByRole('button', { name: 'Clear scenarios' }).click();
    await expect(ui.panel.getByRole('status')).toHaveText(
      'Scenarios cleared: the mock answers normally again.',
    );
    await expect(ui.panel).toContainText('No route is forced to fail.');
    await send(page, { endpoint: '/api/user/likes' }, '401 Unauthorized');
  });

  test('with history, scenarios and the cURL fallback showing, /mock has no serious axe violations', async ({
    page,
  }) => {
    const ui = await openTester(page);
    test.skip((await backendOf(page)) !== 'mock', 'the page talks to the Node server');
    await send(page, { endpoint: '/api/test-todos' }, '200 OK');
    await ui.panel.getByRole('switch', { name: 'Simulate offline' }).check();
    await ui.panel.getByRole('combobox', { name: 'Path to fail' }).fill('/api/user/*');
    await ui.panel.getByRole('button', { name: 'Force this error' }).click();
    // No clipboard permission here: the command is shown selected instead.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    });
    await page.getByRole('button', { name: 'Copy as cURL' }).click();
    await expect(page.getByRole('textbox', { name: 'cURL command' })).toBeVisible();
    await expect(page.getByText('the command is selected below', { exact: false })).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(serious.map((violation) => violation.id)).toEqual([]);
    }
  });

  test('in server mode shows that the Node server answers, with no reset and no delay', async ({
    page,
  }) => {
    const ui = await openTester(page);
    test.skip((await backendOf(page)) !== 'server', 'the page talks to the in-page mock');
    await expect(ui.panel).toContainText('Node server (same origin /api)');
    await expect(ui.panel.getByRole('button', { name: 'Reset mock data' })).toHaveCount(0);
    await expect(ui.panel.getByRole('slider')).toHaveCount(0);
    await expect(ui.panel.getByRole('switch')).toHaveCount(0);
  });
});
