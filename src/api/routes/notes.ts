import { Hono } from 'hono';
import { routeSpec } from '../../contract/routes';
import { formatTimestamp } from '../clock';
import type { ApiDeps, ApiEnv } from '../context';
import { readBody } from '../http/read-body';
import { requireVideo } from './require-video';

/** The signed-in user's notes; every response carries all of them (the client filters by video). */
export function noteRoutes({ store, clock }: ApiDeps) {
  const noteBody = routeSpec('POST /api/user/notes/{videoId}').body;
  const editBody = routeSpec('PATCH /api/user/notes/{noteId}').body;
  return new Hono<ApiEnv>()
    .get('/', async (c) => c.json({ notes: await store.listNotes(c.var.user._id) }))
    .post('/:videoId', async (c) => {
      const { note } = await readBody(c, noteBody);
      const userId = c.var.user._id;
      const video = await requireVideo(store, c.req.param('videoId'));
      // Every answer carries every note: the store refuses one past MAX_NOTES or
      // MAX_NOTES_CHARACTERS (422 tooManyNotes), checked and written as one step.
      const at = formatTimestamp(clock());
      await store.addNote(userId, video._id, note.content, at, note.time);
      return c.json({ notes: await store.listNotes(userId) }, 201);
    })
    .patch('/:noteId', async (c) => {
      const { note } = await readBody(c, editBody);
      const userId = c.var.user._id;
      // Another user's note is not found (404), as on delete.
      await store.editNote(userId, c.req.param('noteId'), note.content);
      return c.json({ notes: await store.listNotes(userId) });
    })
    .delete('/:noteId', async (c) => {
      const userId = c.var.user._id;
      await store.deleteNote(userId, c.req.param('noteId'));
      return c.json({ notes: await store.listNotes(userId) });
    });
}
