import { expect, test, type Page } from '@playwright/test';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The request tester at /mock (SPEC §2–§5, §8, §9). Runs under any project's baseURL: checks
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
    method: page.getByRole('combobox', { name: 'Method' }),
    endpoint: page.getByRole('textbox', { name: 'Endpoint' }),
    body: page.getByRole('textbox', { name: 'Body' }),
    submit: page.getByRole('button', { name: 'Submit' }),
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

test('starts with GET, the default endpoint, Accept */*, body {} and no response', async ({
  page,
}) => {
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
});

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

test('editing the last header row appends one; the heading counts enabled rows', async ({
  page,
}) => {
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
});

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

test("the body shows 'Error in JSON format' while invalid or empty; Submit sends the last valid body", async ({
  page,
}) => {
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
});

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

test.describe('any absolute URL', () => {
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

test("a request that gets no response shows the error itself, 'Network request failed', and logs it", async ({
  page,
}) => {
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
});

test('keyboard: Tab reaches every control in order and Enter in the endpoint submits', async ({
  page,
}) => {
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
});

test('from 320 px wide the page never scrolls sideways; long JSON scrolls in its own box', async ({
  page,
}) => {
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
});

test('the tester is lazy-loaded: the first load of / downloads none of its code', async ({
  browser,
}) => {
  const marker = 'Response is undefined.';

  async function scriptsOf(path: string) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Promise<{ url: string; text: string }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.text().then((text) => ({ url: response.url(), text })));
      }
    });
    await page.goto(path);
    if (path === '/') {
      await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();
    } else {
      await expect(page.getByText(marker)).toBeVisible();
    }
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

test.describe('the mock panel', () => {
  test('shows the in-page mock backend; its response delay is kept and applied', async ({
    page,
  }) => {
    const ui = await openTester(page);
    test.skip((await backendOf(page)) !== 'mock', 'the page talks to the Node server');
    await expect(ui.panel).toContainText('In-page mock backend');
    const delay = ui.panel.getByRole('spinbutton', { name: 'Response delay (ms)' });
    await expect(delay).toHaveValue('0');
    await delay.fill('1000');
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

  test('in server mode shows that the Node server answers, with no reset and no delay', async ({
    page,
  }) => {
    const ui = await openTester(page);
    test.skip((await backendOf(page)) !== 'server', 'the page talks to the in-page mock');
    await expect(ui.panel).toContainText('Node server (same origin /api)');
    await expect(ui.panel.getByRole('button', { name: 'Reset mock data' })).toHaveCount(0);
    await expect(ui.panel.getByRole('spinbutton')).toHaveCount(0);
  });
});
