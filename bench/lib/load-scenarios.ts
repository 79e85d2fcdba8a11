/**
 * Request sequences that change from one request to the next (whose user, which video, an id from
 * the last answer). They run inside the load generator process (load-generator.ts), which builds
 * each connection's loop from a scenario's name and its (JSON) arguments: functions cannot be
 * sent to another process.
 */
import { generateVideos } from '../../src/api/seed/generated-videos';
import type { LoadRequest } from './load';

/** One request of a connection's loop. */
export interface LoopRequest extends LoadRequest {
  label: string;
  /** Called before each send: what differs this time (path, headers, body, label). */
  prepare?: () => Partial<Pick<LoadRequest, 'label' | 'path' | 'headers' | 'body'>>;
  /** Sees each answer (e.g. to keep an id the next request needs). */
  answered?: (status: number, body: string) => void;
}

/** Builds connection `index`'s loop. Called once per connection, in connection order. */
export type ConnectionLoop = (index: number) => LoopRequest[];

export interface WriteMixArgs {
  /** Signed-in users' tokens; connection i is user i % tokens.length. */
  tokens: string[];
  /** The catalogue was seeded with SEED_VIDEOS = this many made-up videos (ids gen-000001 …). */
  seededVideos: number;
  /** Where this run's walk through the catalogue starts (see `writeMix`). */
  firstVideo: number;
}

/**
 * Writes whose effects stay bounded however long they run: like → unlike a video, save the
 * position in the video the connection is "watching" (overwritten each time), add a note to it →
 * delete that note (its id from the add's answer). Each like takes the next video of one walk
 * through the made-up catalogue shared by all connections, so no user ever likes a video twice:
 * a run stopped between a like and its unlike leaves that like behind, and the next run starts
 * its walk past this one's (`firstVideo`), so no 409 can come from an earlier run.
 */
export function writeMix({ tokens, seededVideos, firstVideo }: WriteMixArgs): ConnectionLoop {
  const ids = Array.from(generateVideos(seededVideos), (video) => video._id);
  let walked = firstVideo;
  return (index) => {
    const headers = { authorization: tokens[index % tokens.length]! };
    const watching = ids[(index * 7919) % ids.length]!;
    let liked = ids[0]!;
    let noteId = 'none';
    let cycle = 0;
    return [
      {
        label: 'like',
        method: 'POST',
        path: '/api/user/likes',
        headers,
        prepare: () => {
          if (walked >= ids.length) throw new Error(`write mix walked past ${ids.length} videos`);
          liked = ids[walked++]!;
          cycle += 1;
          return { body: { video: { _id: liked } } };
        },
      },
      {
        label: 'unlike',
        method: 'DELETE',
        path: '/api/user/likes/',
        headers,
        prepare: () => ({ path: `/api/user/likes/${liked}` }),
      },
      {
        label: 'progress',
        method: 'POST',
        path: `/api/user/progress/${watching}`,
        headers,
        prepare: () => ({ body: { seconds: cycle % 3600 } }),
      },
      {
        label: 'note add',
        method: 'POST',
        path: `/api/user/notes/${watching}`,
        headers,
        prepare: () => ({
          body: { note: { content: `bench ${index}-${cycle}`, time: cycle % 600 } },
        }),
        answered: (status, body) => {
          if (status !== 201) return;
          const notes = (JSON.parse(body) as { notes: { _id: string; content: string }[] }).notes;
          noteId = notes.find((note) => note.content === `bench ${index}-${cycle}`)?._id ?? 'none';
        },
      },
      {
        label: 'note delete',
        method: 'DELETE',
        path: '/api/user/notes/',
        headers,
        prepare: () => ({ path: `/api/user/notes/${noteId}` }),
      },
    ];
  };
}

export interface SoakMixArgs {
  tokens: string[];
  /** Video ids to walk (the soak's catalogue is small enough to list). */
  ids: string[];
}

/**
 * Reads and writes whose effects undo each other (like/unlike, history add/remove, a saved
 * position overwritten), so the data stays the same size: memory that grows is the server's.
 */
export function soakMix({ tokens, ids }: SoakMixArgs): ConnectionLoop {
  return (index) => {
    const headers = { authorization: tokens[index % tokens.length]! };
    let cycle = -1;
    let videoId = ids[0]!;
    return [
      {
        label: 'videos',
        method: 'GET',
        path: '/api/videos',
        // Each connection walks its own stretch of the catalogue, one video per loop.
        prepare: () => {
          cycle += 1;
          videoId = ids[(cycle + index * 3) % ids.length]!;
          return {};
        },
      },
      {
        label: 'video',
        method: 'GET',
        path: '/api/video/',
        prepare: () => ({ path: `/api/video/${videoId}` }),
      },
      {
        label: 'like',
        method: 'POST',
        path: '/api/user/likes',
        headers,
        prepare: () => ({ body: { video: { _id: videoId } } }),
      },
      {
        label: 'unlike',
        method: 'DELETE',
        path: '/api/user/likes/',
        headers,
        prepare: () => ({ path: `/api/user/likes/${videoId}` }),
      },
      {
        label: 'history add',
        method: 'POST',
        path: '/api/user/history',
        headers,
        prepare: () => ({ body: { video: { _id: videoId } } }),
      },
      {
        label: 'history remove',
        method: 'DELETE',
        path: '/api/user/history/',
        headers,
        prepare: () => ({ path: `/api/user/history/${videoId}` }),
      },
      {
        label: 'progress',
        method: 'POST',
        path: '/api/user/progress/',
        headers,
        prepare: () => ({ path: `/api/user/progress/${videoId}`, body: { seconds: cycle % 3600 } }),
      },
    ];
  };
}

export interface QueryListArgs {
  /** Asked once each, in order, by whichever connection is free next. */
  queries: { kind: string; path: string }[];
}

/** Each query once: connections take the next one from a shared list (with `amount` = length). */
export function queryList({ queries }: QueryListArgs): ConnectionLoop {
  let next = 0;
  return () => [
    {
      label: 'query',
      path: '/',
      prepare: () => {
        const query = queries[next++ % queries.length]!;
        return { path: query.path, label: query.kind };
      },
    },
  ];
}

export const scenarios = { writeMix, soakMix, queryList };

/** A scenario by name with its arguments: what `runLoad` sends to the generator. */
export type ScenarioSpec = {
  [Name in keyof typeof scenarios]: {
    name: Name;
    args: Parameters<(typeof scenarios)[Name]>[0];
  };
}[keyof typeof scenarios];
