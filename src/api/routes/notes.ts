import { formatTimestamp } from '../clock';
import type { ApiDeps } from '../context';
import { routeHandlers } from '../http/mount-routes';
import { requireVideo } from './require-video';

/** The signed-in user's notes; every response carries all of them (the client filters by video). */
export function noteRoutes({ store, clock }: ApiDeps) {
  return routeHandlers({
    'GET /api/user/notes': async ({ user }) => ({ notes: await store.listNotes(user._id) }),
    'POST /api/user/notes/{videoId}': async ({ user, params, body: { note } }) => {
      const video = await requireVideo(store, params.videoId);
      // Every answer carries every note: the store refuses one past MAX_NOTES or
      // MAX_NOTES_CHARACTERS (422 tooManyNotes), checked and written as one step.
      const at = formatTimestamp(clock());
      await store.addNote(user._id, video._id, note.content, at, note.time);
      return { notes: await store.listNotes(user._id) };
    },
    'PATCH /api/user/notes/{noteId}': async ({ user, params, body: { note } }) => {
      // Another user's note is not found (404), as on delete.
      await store.editNote(user._id, params.noteId, note.content);
      return { notes: await store.listNotes(user._id) };
    },
    'DELETE /api/user/notes/{noteId}': async ({ user, params }) => {
      await store.deleteNote(user._id, params.noteId);
      return { notes: await store.listNotes(user._id) };
    },
  });
}
