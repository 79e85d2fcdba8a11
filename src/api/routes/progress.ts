import { formatTimestamp } from '../clock';
import type { ApiDeps } from '../context';
import { routeHandlers } from '../http/mount-routes';
import { requireVideo } from './require-video';

/** The signed-in user's position per video: resume where they stopped, 'Continue watching'. */
export function progressRoutes({ store, clock }: ApiDeps) {
  const all = async (userId: string) => ({ progress: await store.listProgress(userId) });
  return routeHandlers({
    'GET /api/user/progress': async ({ user }) => all(user._id),
    'POST /api/user/progress/{videoId}': async ({ user, params, body: { seconds, duration } }) => {
      const video = await requireVideo(store, params.videoId);
      await store.saveProgress(user._id, video._id, seconds, formatTimestamp(clock()), duration);
      return all(user._id);
    },
    'DELETE /api/user/progress/{videoId}': async ({ user, params }) => {
      await store.deleteProgress(user._id, params.videoId);
      return all(user._id);
    },
  });
}
