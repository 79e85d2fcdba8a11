import type { VideoListName } from './store';

/**
 * What a store refuses, in its own terms; the API's edge turns each into its HTTP answer
 * (src/api/http/store-errors.ts), so the stores know nothing of statuses or messages.
 *
 * - `duplicate`: the thing is already there: a video in a list or playlist, a user's email.
 * - `notFound`: the user has no such thing (another user's counts as none), or the catalogue no such
 *   video (removed by an operator while the request ran).
 * - `unstorableText`: the database cannot store the text (PostgreSQL and U+0000).
 * - `tooMany`: the user holds as much as a cap allows (contract/limits.ts): MAX_NOTES notes or
 *   MAX_NOTES_CHARACTERS characters of notes, MAX_PLAYLISTS playlists.
 */
export type StoreErrorKind = 'duplicate' | 'notFound' | 'unstorableText' | 'tooMany';

/** Where a duplicate was refused. */
export type DuplicateIn = VideoListName | 'playlist' | 'users';
/** What was not found. */
export type MissingThing = 'user' | 'video' | 'playlist' | 'note' | 'todo' | 'course';
/** What a user holds too much of. */
export type CappedThing = 'notes' | 'playlists';

export type StoreFault =
  | { kind: 'duplicate'; in: DuplicateIn }
  | { kind: 'notFound'; thing: MissingThing }
  | { kind: 'unstorableText' }
  | { kind: 'tooMany'; of: CappedThing };

/** Thrown by every Store for a refusal the caller can answer (not for a database failure). */
export class StoreError extends Error {
  override readonly name = 'StoreError';

  constructor(readonly fault: StoreFault) {
    super(describe(fault));
  }

  get kind(): StoreErrorKind {
    return this.fault.kind;
  }

  static duplicate(where: DuplicateIn): StoreError {
    return new StoreError({ kind: 'duplicate', in: where });
  }

  static notFound(thing: MissingThing): StoreError {
    return new StoreError({ kind: 'notFound', thing });
  }

  static unstorableText(): StoreError {
    return new StoreError({ kind: 'unstorableText' });
  }

  static tooMany(of: CappedThing): StoreError {
    return new StoreError({ kind: 'tooMany', of });
  }
}

function describe(fault: StoreFault): string {
  switch (fault.kind) {
    case 'duplicate':
      return `Already in ${fault.in}`;
    case 'notFound':
      return `No such ${fault.thing}`;
    case 'unstorableText':
      return 'The database cannot store this text';
    case 'tooMany':
      return `Too many ${fault.of}`;
  }
}
