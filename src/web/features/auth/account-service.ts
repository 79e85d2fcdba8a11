import { toast } from '../../lib/toast';
import { api } from '../../lib/api-client';
import { downloadText } from '../../lib/download';
import { accept } from '../../lib/notify';
import { clearStoredAuth, readStoredAuth, storeAuth } from '../../state/auth-storage';
import type { Dispatchers } from '../../state/use-store';
import { authErrorMessage } from './auth-service';
import { accountTexts } from './account-texts';

/** What a call resolved to: nothing went wrong, or the message to show by the form. */
export type Outcome = { ok: true } | { ok: false; error: string };

const failed = (error: unknown, id: string): Outcome => {
  toast.dismiss(id);
  return { ok: false, error: authErrorMessage(error) };
};

/** Saves the user's names; the tab (and its stored session) shows them at once. */
export async function changeName(
  names: { firstName: string; lastName: string },
  dispatchers: Dispatchers,
): Promise<Outcome> {
  const id = toast.loading(accountTexts.savingName);
  try {
    const { user } = accept(await api.call('POST /api/user/profile', { body: names }), [200]);
    const { token } = readStoredAuth();
    if (token) storeAuth(token, user);
    dispatchers.auth({ type: 'SAVE_USER_INFO', payload: user });
    toast.success(accountTexts.nameSaved, { id });
    return { ok: true };
  } catch (error) {
    return failed(error, id);
  }
}

/**
 * Changes the password with the current one. The server ends every session of the user and
 * answers a token for this one: this tab (and the others of this browser, which follow the
 * stored session) stays signed in.
 */
export async function changePassword(
  passwords: { currentPassword: string; newPassword: string },
  dispatchers: Dispatchers,
): Promise<Outcome> {
  const id = toast.loading(accountTexts.changingPassword);
  try {
    const { encodedToken } = accept(
      await api.call('POST /api/user/password', { body: passwords }),
      [200],
    );
    const { userInfo } = readStoredAuth();
    if (userInfo) storeAuth(encodedToken, userInfo);
    dispatchers.auth({ type: 'SAVE_TOKEN', payload: encodedToken });
    toast.success(accountTexts.passwordChanged, { id });
    return { ok: true };
  } catch (error) {
    return failed(error, id);
  }
}

/** Downloads everything the server keeps for the user as one JSON file. */
export async function downloadMyData(): Promise<Outcome> {
  try {
    const data = accept(await api.call('GET /api/user/export'), [200]);
    const day = new Date().toISOString().slice(0, 10);
    downloadText(`codetube-data-${day}.json`, JSON.stringify(data, null, 2), 'application/json');
    return { ok: true };
  } catch (error) {
    return { ok: false, error: authErrorMessage(error) };
  }
}

/** Deletes the account and all its data (the password typed again), then forgets the session. */
export async function deleteAccount(
  currentPassword: string,
  dispatchers: Dispatchers,
): Promise<Outcome> {
  const id = toast.loading(accountTexts.deleting);
  try {
    accept(await api.call('POST /api/user/delete-account', { body: { currentPassword } }), [200]);
  } catch (error) {
    return failed(error, id);
  }
  clearStoredAuth();
  dispatchers.auth({ type: 'LOGOUT' });
  dispatchers.videos({ type: 'CLEAR_USER_DATA' });
  dispatchers.playlists({ type: 'CLEAR_USER_DATA' });
  toast.success(accountTexts.deleted, { id });
  return { ok: true };
}
