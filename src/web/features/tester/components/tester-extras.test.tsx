import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_ACCOUNT } from '../../../../contract/limits';
import { installMockBackend } from '../../../mock/install-mock';
import { writeMockDelay } from '../../../mock/mock-delay';
import { readMockScenarios } from '../../../mock/mock-scenarios';
import { HISTORY_STORAGE_KEY, readTesterHistory } from '../tester-history';
import { TesterPage } from './tester-page';

const realFetch = window.fetch;

/** A real token from the in-page API, as the app stores it after login. */
async function logInToken(): Promise<string> {
  const response = await window.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ACCOUNT),
  });
  return ((await response.json()) as { encodedToken: string }).encodedToken;
}

function ui() {
  const response = screen.getByRole('region', { name: 'Response' });
  return {
    picker: screen.getByRole('combobox', { name: 'API endpoints' }),
    method: screen.getByRole('combobox', { name: 'Method' }),
    endpoint: screen.getByRole('textbox', { name: 'Endpoint' }) as HTMLInputElement,
    body: screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement,
    submit: screen.getByRole('button', { name: 'Submit' }),
    response,
    status: () => within(response).findByTestId('response-status'),
    history: () => screen.getByRole('region', { name: /^History/ }),
  };
}

describe('the request tester extras, against the real in-page mock', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    localStorage.clear();
    writeMockDelay(0);
    await installMockBackend();
  });
  afterEach(() => {
    cleanup();
    window.fetch = realFetch;
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('the endpoint picker lists the OpenAPI operations and fills method, endpoint and example body', async () => {
    const user = userEvent.setup();
    render(<TesterPage />);
    const { picker, method, endpoint, body, submit, status } = ui();
    await vi.waitFor(() => expect((picker as HTMLSelectElement).disabled).toBe(false), {
      timeout: 5_000,
    });
    const login = within(picker).getByRole('option', {
      name: 'POST /api/auth/login — Log in',
    }) as HTMLOptionElement;
    await user.selectOptions(picker, login);
    expect((method as HTMLSelectElement).value).toBe('POST');
    expect(endpoint.value).toBe('/api/auth/login');
    expect(JSON.parse(body.value)).toEqual(TEST_ACCOUNT);
    expect((picker as HTMLSelectElement).value).toBe(login.value);

    // The example body works as it is.
    await user.click(submit);
    expect((await status()).textContent).toBe('200 OK');

    // Typing over the endpoint leaves no stale choice in the picker.
    await user.type(endpoint, '/x');
    expect((picker as HTMLSelectElement).value).toBe('');
  });

  it("'Use my session' is disabled without a session and adds the token row with one", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<TesterPage />);
    const loggedOut = screen.getByRole('switch', { name: 'Use my session' }) as HTMLInputElement;
    expect(loggedOut.disabled).toBe(true);
    expect(screen.getByText('There is no session: log in to use it.')).toBeTruthy();
    unmount();

    const token = await logInToken();
    render(<TesterPage sessionToken={token} />);
    const session = screen.getByRole('switch', { name: 'Use my session' }) as HTMLInputElement;
    expect(session.checked).toBe(false);
    await user.click(session);
    expect(session.checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Headers (2)' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Header 2 name' }) as HTMLInputElement).value).toBe(
      'authorization',
    );
    expect(
      (screen.getByRole('textbox', { name: 'Header 2 value' }) as HTMLInputElement).value,
    ).toBe(token);

    const { endpoint, submit, status } = ui();
    await user.clear(endpoint);
    await user.type(endpoint, '/api/user/likes');
    await user.click(submit);
    expect((await status()).textContent).toBe('200 OK');

    await user.click(session);
    expect(screen.getByRole('group', { name: 'Headers (1)' })).toBeTruthy();
    expect(screen.queryByDisplayValue(token)).toBeNull();
  });

  it('shows the time and the size in bytes of a response', async () => {
    const user = userEvent.setup();
    render(<TesterPage />);
    const { submit, response, status } = ui();
    await user.click(submit);
    await status();
    const timing = within(response).getByTestId('response-timing');
    expect(timing.textContent).toMatch(/^Time\d+ msSize\d+(\.\d)? K?B/);
    const seedTodos = await (await window.fetch('/api/test-todos')).text();
    expect(timing.textContent).toContain(`${new TextEncoder().encode(seedTodos).length} B`);
  });

  it('Ctrl+Enter and Cmd+Enter send from any field, without adding a line to the body', async () => {
    const user = userEvent.setup();
    render(<TesterPage />);
    const { method, body, response, status } = ui();
    await user.selectOptions(method, 'POST');
    await user.clear(body);
    await user.paste('{"title": "Sent with the keyboard"}');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect((await status()).textContent).toBe('201 Created');
    expect(body.value).toBe('{"title": "Sent with the keyboard"}');
    expect(within(response).getByText('"Sent with the keyboard"')).toBeTruthy();

    await user.click(screen.getByRole('textbox', { name: 'Header 1 value' }));
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await vi.waitFor(() => expect(readTesterHistory(localStorage)).toHaveLength(2));
  });

  it('records requests newest first in a persisted history; Run again loads and sends; Clear empties it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { unmount } = render(<TesterPage />);
    const first = ui();
    await user.click(first.submit);
    await first.status();
    await user.clear(first.endpoint);
    await user.type(first.endpoint, '/api/nothing-here');
    await user.click(first.submit);
    await within(first.response).findByText('404 Not Found');

    const entries = within(first.history()).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^GET \/api\/nothing-here404 Not Found\d+ ms1 header/),
      expect.stringMatching(/^GET \/api\/test-todos200 OK\d+ ms1 header/),
    ]);
    unmount();

    render(<TesterPage />);
    const again = ui();
    expect(again.history().querySelectorAll('li')).toHaveLength(2);
    await user.click(
      within(again.history()).getByRole('button', { name: 'Run again: GET /api/test-todos' }),
    );
    expect(again.endpoint.value).toBe('/api/test-todos');
    expect((await again.status()).textContent).toBe('200 OK');
    await vi.waitFor(() => expect(readTesterHistory(localStorage)).toHaveLength(3));
    expect(screen.getByRole('heading', { name: 'History (3)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear history' }));
    expect(screen.getByText('No requests sent yet.')).toBeTruthy();
    expect(localStorage.getItem(HISTORY_STORAGE_KEY)).toBeNull();
  });

  it('copies the request as a cURL command and says so', async () => {
    const user = userEvent.setup();
    render(<TesterPage />);
    await user.click(screen.getByRole('button', { name: 'Copy as cURL' }));
    expect(await screen.findByText('cURL command copied to the clipboard.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(
      `curl --globoff --request GET '${window.location.origin}/api/test-todos' --header 'accept: */*'`,
    );
  });

  it('falls back to a selected command box when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(<TesterPage />);
    await user.click(screen.getByRole('button', { name: 'Copy as cURL' }));
    const box = (await screen.findByRole('textbox', {
      name: 'cURL command',
    })) as HTMLTextAreaElement;
    expect(box.value).toMatch(/^curl --globoff --request GET /);
    await vi.waitFor(() => expect(box.selectionEnd - box.selectionStart).toBe(box.value.length));
    expect(screen.getByText(/the command is selected below/)).toBeTruthy();
  });

  it('scenarios: offline fails requests, a forced status answers instead, clearing restores', async () => {
    vi.stubEnv('VITE_BACKEND', 'mock');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<TesterPage />);
    const { submit, response, status } = ui();
    const panel = screen.getByRole('region', { name: 'Backend' });

    const offline = await within(panel).findByRole('switch', { name: 'Simulate offline' });
    await user.click(offline);
    expect(readMockScenarios(localStorage).offline).toBe(true);
    await user.click(submit);
    expect(await within(response).findByText('TypeError: Network request failed')).toBeTruthy();
    await user.click(offline);

    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Method to fail' }),
      'GET',
    );
    const path = within(panel).getByRole('combobox', { name: 'Path to fail' });
    await user.type(path, 'videos');
    await user.click(within(panel).getByRole('button', { name: 'Force this error' }));
    expect(
      within(panel).getByText('Enter a path under /api, e.g. /api/videos or /api/user/*.'),
    ).toBeTruthy();
    await user.clear(path);
    await user.type(path, '/api/test-todos');
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Status to answer' }), {
      target: { value: '503' },
    });
    await user.click(within(panel).getByRole('button', { name: 'Force this error' }));
    expect(within(panel).getByRole('list', { name: 'Forced errors' }).textContent).toContain(
      'GET /api/test-todos → 503 Service Unavailable',
    );

    await user.click(submit);
    expect((await status()).textContent).toBe('503 Service Unavailable');
    expect(within(response).getByText('"Service Unavailable"')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Clear scenarios' }));
    expect(within(panel).getByRole('status').textContent).toBe(
      'Scenarios cleared: the mock answers normally again.',
    );
    expect(readMockScenarios(localStorage)).toEqual({ offline: false, forcedErrors: [] });
    await user.click(submit);
    expect((await status()).textContent).toBe('200 OK');
  });
});
