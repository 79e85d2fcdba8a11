import type { UserDataResponse } from '../../contract/responses';
import { formatTimestamp } from '../clock';
import { toPublicUser } from '../routes/auth';
import type { Store, StoredUser } from '../store/store';

/**
 * Everything a user has here, as they download it (GET /api/user/export) and as the operators'
 * `npm run users -- export` prints it: the profile (no password hash), the three lists, the
 * playlists, the notes, the positions and the lessons marked done.
 */
export async function collectUserData(
  store: Store,
  user: StoredUser,
  now: Date,
): Promise<UserDataResponse> {
  const [likes, history, watchLater, playlists, notes, progress, lessonMarks] = await Promise.all([
    store.listVideosIn(user._id, 'likes'),
    store.listHistory(user._id),
    store.listVideosIn(user._id, 'watchlater'),
    store.listPlaylists(user._id),
    store.listNotes(user._id),
    store.listProgress(user._id),
    store.listLessonMarks(user._id),
  ]);
  return {
    exportedAt: formatTimestamp(now),
    profile: toPublicUser(user),
    likes,
    history,
    watchLater,
    playlists,
    notes,
    progress,
    lessonMarks,
  };
}
