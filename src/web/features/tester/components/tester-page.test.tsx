import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMockBackend } from '../../../mock/install-mock';
import { readMockDelay, writeMockDelay } from '../../../mock/mock-delay';
import { TesterPage } from './tester-page';

const realFetch = window.fetch;

// userEvent.type gives braces a meaning; these helpers type JSON literally.
const literal = (text: string) => text.replace(/[{[]/g, (bracket) => bracket + bracket);

function ui() {
  const response = screen.getByRole('region', { name: 'Response' });
  return {
    method: screen.getByRole('combobox', { name: 'Method' }),
    endpoint: screen.getByRole('textbox', { name: 'Endpoint' }),
    body: screen.getByRole('textbox', { name: 'Body' }),
    submit: screen.getByRole('button', { name: 'Submit' }),
    response,
    status: () => within(response).findByTestId('response-status'),
  };
}

// Whole-page tests in jsdom on a 2-core CI machine: typing and the in-page API take a few seconds.
describe('the request tester page, against the real in-page mock', { timeout: 15_000 }, () => {
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

  it('starts with GET, the default endpoint, Accept */*, body {} and no response', () => {
    render(<TesterPage />);
    const { method, endpoint, body, response } = ui();
    expect((method as HTMLSelectElement).value).toBe('GET');
    expect(
      within(method)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['GET', 'POST', 'DELETE']);
    expect((endpoint as HTMLInputElement).value).toBe('/api/test-todos');
    expect(endpoint.getAttribute('placeholder')).toBe('Enter your endpoint');
    expect(screen.getByRole('group', { name: 'Headers (1)' })).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: 'Send header 1' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Header 1 name' }) as HTMLInputElement).value).toBe(
      'Accept',
    );
    expect(
      (screen.getByRole('textbox', { name: 'Header 1 value' }) as HTMLInputElement).value,
    ).toBe('*/*');
    expect(
      (screen.getByRole('checkbox', { name: 'Send header 2' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect((body as HTMLTextAreaElement).value).toBe('{}');
    expect(response.getAttribute('aria-live')).toBe('polite');
    expect(within(response).getByText('Response is undefined.')).toBeTruthy();
  });

  it('drops the authorization values of its history when the user logs out', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<TesterPage sessionToken="session-token-1" />);
    await user.click(screen.getByRole('switch', { name: /use my session/i }));
    await user.click(ui().submit);
    await ui().status();
    await waitFor(() =>
      expect(localStorage.getItem('codetube:tester-history')).toContain('session-token-1'),
    );
    rerender(<TesterPage sessionToken={null} />);
    await waitFor(() =>
      expect(localStorage.getItem('codetube:tester-history')).not.toContain('session-token-1'),
    );
    expect(localStorage.getItem('codetube:tester-history')).toContain('/api/test-todos');
  });

  it('submits a GET and shows status, data and headers', async () => {
    const user = userEvent.setup();
    render(<TesterPage />);
    const { submit, response, status } = ui();
    await user.click(submit);
    expect((await status()).textContent).toBe('200 OK');
    const data = within(response).getByRole('group', { name: 'Response data' });
    expect(within(data).getByRole('button', { name: '"todos": [' })).toBeTruthy();
    expect(within(response).getByText('content-type')).toBeTruthy();
    expect(within(response).queryByText('Response is undefined.')).toBeNull();
  });

  it('appends a row when the last one is edited and counts enabled rows in the heading', async () => {
    const user = userEvent.setup();
    render(<TesterPage />);
    await user.type(screen.getByRole('textbox', { name: 'Header 2 name' }), 'X-Trace');
    expect(screen.getByRole('textbox', { name: 'Header 3 name' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Headers (2)' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Send header 1' }));
    expect(screen.getByRole('group', { name: 'Headers (1)' })).toBeTruthy();
  });

  it('shows the JSON error while the body is invalid or empty, and clears it when valid', async () => {
    const user = userEvent.setup();
    render(<TesterPage />);
    const { body } = ui();
    await user.clear(body);
    expect(screen.getByText('Error in JSON format')).toBeTruthy();
    expect(body.getAttribute('aria-invalid')).toBe('true');
    await user.type(body, literal('{"title": '));
    expect(screen.getByText('Error in JSON format')).toBeTruthy();
    await user.type(body, '"ok"}');
    expect(screen.queryByText('Error in JSON format')).toBeNull();
    expect(body.getAttribute('aria-invalid')).toBe('false');
  });

  it('POSTs the last valid body as JSON even while the box holds invalid text', async () => {
    const user = userEvent.setup();
    render(<TesterPage />);
    const { method, body, submit, response, status } = ui();
    await user.selectOptions(method, 'POST');
    await user.clear(body);
    await user.type(body, literal('{"title": "Sent from the tester"}'));
    await user.type(body, ' trailing junk');
    expect(screen.getByText('Error in JSON format')).toBeTruthy();
    await user.click(submit);
    expect((await status()).textContent).toBe('201 Created');
    expect(within(response).getByText('"Sent from the tester"')).toBeTruthy();
  });

  it('sends enabled headers as request headers and leaves out unchecked ones', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<TesterPage />);
    const { method, endpoint, body, submit, response, status } = ui();

    await user.selectOptions(method, 'POST');
    await user.clear(endpoint);
    await user.type(endpoint, '/api/auth/login');
    await user.clear(body);
    await user.paste(JSON.stringify({ email: 'test@codetube.dev', password: 'codetube-test-1' }));
    await user.click(submit);
    expect((await status()).textContent).toBe('200 OK');
    const token = JSON.parse(within(response).getByText(/^"ey/).textContent ?? '""') as string;

    await user.selectOptions(method, 'GET');
    await user.clear(endpoint);
    await user.type(endpoint, '/api/user/likes');
    await user.type(screen.getByRole('textbox', { name: 'Header 2 name' }), 'authorization');
    // Pasted, not typed: a token is long, and typing it key by key only slows the test.
    await user.click(screen.getByRole('textbox', { name: 'Header 2 value' }));
    await user.paste(token);
    await user.click(submit);
    expect((await status()).textContent).toBe('200 OK');

    await user.click(screen.getByRole('checkbox', { name: 'Send header 2' }));
    await user.click(submit);
    await within(response).findByText('401 Unauthorized');
    expect(
      within(response).getByText('"The token is invalid. Unauthorized access error."'),
    ).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      'Request tester: GET /api/user/likes answered 401 Unauthorized',
      expect.anything(),
    );
  });

  it('shows the in-page mock, its delay and a working reset in mock mode', async () => {
    vi.stubEnv('VITE_BACKEND', 'mock');
    const user = userEvent.setup();
    render(<TesterPage />);
    expect(screen.getByText('In-page mock backend')).toBeTruthy();
    const delay = await screen.findByRole('slider', { name: 'Response delay (ms)' });
    await vi.waitFor(() => expect((delay as HTMLInputElement).disabled).toBe(false));
    expect((delay as HTMLInputElement).value).toBe('0');
    expect(delay.getAttribute('aria-valuetext')).toBe('0 ms');
    // jsdom cannot drag a slider; an input event is what dragging sends at every step.
    fireEvent.input(delay, { target: { value: '250' } });
    expect(readMockDelay()).toBe(250);
    expect(delay.getAttribute('aria-valuetext')).toBe('250 ms');
    writeMockDelay(0);

    const { method, body, submit, response, status } = ui();
    await user.selectOptions(method, 'POST');
    await user.clear(body);
    await user.type(body, literal('{"title": "Gone after reset"}'));
    await user.click(submit);
    expect((await status()).textContent).toBe('201 Created');

    await user.click(screen.getByRole('button', { name: 'Reset mock data' }));
    expect(await screen.findByText('Mock data reset to the seed.')).toBeTruthy();
    await user.selectOptions(method, 'GET');
    await user.click(submit);
    await within(response).findByText('200 OK');
    expect(within(response).queryByText('"Gone after reset"')).toBeNull();
    expect(within(response).getByText('"Send a GET to /api/test-todos"')).toBeTruthy();
  });

  it('shows the Node server and no reset in server mode', () => {
    vi.stubEnv('VITE_BACKEND', 'server');
    render(<TesterPage />);
    expect(screen.getByText('Node server (same origin /api)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset mock data' })).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Simulate offline' })).toBeNull();
  });
});
