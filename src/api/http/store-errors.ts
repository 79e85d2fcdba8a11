import type { ApiErrorName } from '../../contract/errors';
import type { CappedThing, DuplicateIn, MissingThing, StoreError } from '../store/store-error';
import { ApiError } from './errors';

/** The catalogue's 409 per list (watch later shares the liked-videos message); a taken email is 422. */
const duplicateErrors: Record<DuplicateIn, ApiErrorName> = {
  likes: 'alreadyLiked',
  history: 'alreadyInHistory',
  watchlater: 'alreadyLiked',
  playlist: 'alreadyInPlaylist',
  users: 'emailExists',
};

/** Another user's thing is indistinguishable from none: 404. */
const notFoundErrors: Record<MissingThing, ApiErrorName> = {
  user: 'userNotFound',
  video: 'videoNotFound',
  playlist: 'playlistNotFound',
  note: 'noteNotFound',
  todo: 'todoNotFound',
  course: 'courseNotFound',
};

/** A user at a cap: 422 naming it. */
const tooManyErrors: Record<CappedThing, ApiErrorName> = {
  notes: 'tooManyNotes',
  playlists: 'tooManyPlaylists',
};

/** PostgreSQL cannot store U+0000 in text: that is bad input (422), not a server failure. */
export const unstorableTextMessage = 'Text must not contain the NUL character.';

/** The one place a store's refusal becomes an HTTP answer (create-api.ts's error handler). */
export function apiErrorOf(error: StoreError): ApiError {
  const { fault } = error;
  switch (fault.kind) {
    case 'duplicate':
      return ApiError.of(duplicateErrors[fault.in]);
    case 'notFound':
      return ApiError.of(notFoundErrors[fault.thing]);
    case 'unstorableText':
      return new ApiError(422, [unstorableTextMessage]);
    case 'tooMany':
      return ApiError.of(tooManyErrors[fault.of]);
  }
}
