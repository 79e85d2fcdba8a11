import type { ApiDeps } from '../context';
import { formatTimestamp } from '../clock';
import { routeHandlers } from '../http/mount-routes';
import { requireVideo } from './require-video';

/** GET, POST and DELETE of likes, history and watch later; the answer's key is the list's name. */
export function videoListRoutes({ store, clock }: ApiDeps) {
  const likes = async (userId: string) => ({ likes: await store.listVideosIn(userId, 'likes') });
  const watchLater = async (userId: string) => ({
    watchlater: await store.listVideosIn(userId, 'watchlater'),
  });
  // History entries carry when they were added (watchedAt); the other lists are bare videos.
  const history = async (userId: string) => ({ history: await store.listHistory(userId) });
  /** Adds a catalogue video; one already in the list is the store's refusal, answered 409. */
  const add = async (userId: string, list: 'likes' | 'history' | 'watchlater', videoId: string) => {
    await requireVideo(store, videoId);
    await store.addVideoTo(userId, list, videoId, formatTimestamp(clock()));
  };
  return routeHandlers({
    'GET /api/user/likes': async ({ user }) => likes(user._id),
    'POST /api/user/likes': async ({ user, body }) => {
      await add(user._id, 'likes', body.video._id);
      return likes(user._id);
    },
    'DELETE /api/user/likes/{videoId}': async ({ user, params }) => {
      await store.removeVideoFrom(user._id, 'likes', params.videoId);
      return likes(user._id);
    },
    'GET /api/user/history': async ({ user }) => history(user._id),
    'POST /api/user/history': async ({ user, body }) => {
      await add(user._id, 'history', body.video._id);
      return history(user._id);
    },
    'DELETE /api/user/history/{videoId}': async ({ user, params }) => {
      await store.removeVideoFrom(user._id, 'history', params.videoId);
      return history(user._id);
    },
    'DELETE /api/user/history/all': async ({ user }) => {
      await store.clearList(user._id, 'history');
      return { history: [] };
    },
    'GET /api/user/watchlater': async ({ user }) => watchLater(user._id),
    'POST /api/user/watchlater': async ({ user, body }) => {
      await add(user._id, 'watchlater', body.video._id);
      return watchLater(user._id);
    },
    'DELETE /api/user/watchlater/{videoId}': async ({ user, params }) => {
      await store.removeVideoFrom(user._id, 'watchlater', params.videoId);
      return watchLater(user._id);
    },
  });
}
