import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataProvider } from '../data/data-provider';
import { api, ApiRequestError, setTokenSource, setTransport } from '../lib/api-client';
import { createMockBackend } from '../mock/mock-backend';
import { readStoredAuth, storeAuth, storedToken } from '../state/auth-storage';
import { StoreProvider } from '../state/store-provider';
import ProfilePage from './profile-page';

const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('../lib/download', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
}));

const PASSWORD = 'difference-engine';

/** A fresh in-page backend with a signed-in user of its own, shown on /profile. */
async function renderProfile() {
  localStorage.clear();
  const backend = await createMockBackend(localStorage);
  setTransport((request) => backend.handle(request));
  setTokenSource(storedToken);
  const email = `ada-${Math.random().toString(36).slice(2)}@example.com`;
  await api.call('POST /api/auth/signup', {
    body: { firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD },
  });
  const { foundUser, encodedToken } = (
    await api.call('POST /api/auth/login', { body: { email, password: PASSWORD } })
  ).data;
  storeAuth(encodedToken, foundUser);
  await api.call('POST /api/user/likes', { body: { video: { _id: 'No8qdcVYiQw' } as never } });
  render(
    <StoreProvider>
      <DataProvider>
        <MemoryRouter initialEntries={['/profile']}>
          <ProfilePage />
        </MemoryRouter>
      </DataProvider>
    </StoreProvider>,
  );
  return { email, token: encodedToken };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

/** Whether the API takes `token` for the user's lists. */
async function tokenWorks(token: string): Promise<boolean> {
  setTokenSource(() => token);
  try {
    await api.call('GET /api/user/likes');
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError) return false;
    throw error;
  } finally {
    setTokenSource(storedToken);
  }
}

describe('the profile screen: the account itself', () => {
  beforeEach(() => {
    downloads.length = 0;
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('changes the name, shown at once and kept', async () => {
    await renderProfile();
    type('First name', 'Augusta');
    type('Last name', 'King');
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(readStoredAuth().userInfo?.firstName).toBe('Augusta'));
    expect(readStoredAuth().userInfo?.lastName).toBe('King');
    expect(screen.getAllByText('Augusta').length).toBeGreaterThan(0);
  });

  it('changes the password with the current one: this tab stays in, the old token ends', async () => {
    const { email, token } = await renderProfile();
    type('Current password', PASSWORD);
    type('New password', 'a-whole-new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(storedToken()).not.toBe(token));
    expect(await tokenWorks(storedToken()!)).toBe(true);
    expect(await tokenWorks(token)).toBe(false);
    const login = await api.call('POST /api/auth/login', {
      body: { email, password: 'a-whole-new-secret' },
    });
    expect(login.status).toBe(200);
  });

  it('says so when the current password is wrong, and stays signed in', async () => {
    const { token } = await renderProfile();
    type('Current password', 'not-my-password');
    type('New password', 'a-whole-new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('The password you entered is not your current password.'),
    ).toBeDefined();
    expect(storedToken()).toBe(token);
    expect(await tokenWorks(token)).toBe(true);
  });

  it('downloads all their data as JSON', async () => {
    const { email } = await renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Download all my data' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toMatch(/^codetube-data-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(downloads[0]!.text);
    expect(data.profile.email).toBe(email);
    expect(data.likes.map((video: { _id: string }) => video._id)).toEqual(['No8qdcVYiQw']);
    for (const part of ['history', 'watchLater', 'playlists', 'notes', 'progress']) {
      expect(Array.isArray(data[part]), part).toBe(true);
    }
  });

  it('deletes the account after the password is typed, and logs out', async () => {
    const { email, token } = await renderProfile();
    const button = screen.getByRole('button', { name: 'Delete my account' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    type('Your password', PASSWORD);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(storedToken()).toBeNull());
    expect(await tokenWorks(token)).toBe(false);
    const login = api.call('POST /api/auth/login', { body: { email, password: PASSWORD } });
    await expect(login).rejects.toMatchObject({ status: 404 });
  });
});
