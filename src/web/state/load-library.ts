import { api, ApiRequestError, firstError } from '../lib/api-client';
import { clearStoredAuth } from './auth-storage';
import type { Dispatchers } from './use-store';

/**
 * product §4: after login (and on start with a stored session) the liked, history and watch-later
 * lists, the playlists and the notes are loaded. A token the server no longer accepts ends the
 * session.
 */
export async function loadLibrary(dispatchers: Dispatchers): Promise<void> {
  dispatchers.playlists({ type: 'LOADING' });
  dispatchers.videos({ type: 'LIBRARY_LOADING' });
  try {
    const [likes, history, watchLater, playlists, notes, progress] = await Promise.all([
      api.call('GET /api/user/likes'),
      api.call('GET /api/user/history'),
      api.call('GET /api/user/watchlater'),
      api.call('GET /api/user/playlists'),
      api.call('GET /api/user/notes'),
      api.call('GET /api/user/progress'),
    ]);
    dispatchers.videos({ type: 'GET_LIKED_VIDEOS', payload: likes.data.likes });
    dispatchers.videos({ type: 'GET_HISTORY', payload: history.data.history });
    dispatchers.videos({ type: 'GET_WATCH_LATER', payload: watchLater.data.watchlater });
    dispatchers.videos({ type: 'GET_NOTES', payload: notes.data.notes });
    dispatchers.videos({ type: 'GET_PROGRESS', payload: progress.data.progress });
    dispatchers.playlists({ type: 'GET_ALL_PLAYLISTS', payload: playlists.data.playlists });
    dispatchers.videos({ type: 'LIBRARY_LOADED' });
  } catch (error) {
    dispatchers.playlists({ type: 'ERROR', payload: error });
    dispatchers.videos({ type: 'ERROR', payload: error });
    dispatchers.videos({ type: 'LIBRARY_FAILED', payload: error });
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 404)) {
      clearStoredAuth();
      dispatchers.auth({ type: 'AUTH_ERROR', payload: firstError(error.data) ?? error.message });
      dispatchers.videos({ type: 'CLEAR_USER_DATA' });
      dispatchers.playlists({ type: 'CLEAR_USER_DATA' });
    }
  }
}
