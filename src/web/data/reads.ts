import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Video } from '../../contract/entities';
import type { RouteKey, RouteResponse } from '../../contract/routes';
import { api, type ApiResponse, type CallInit } from '../lib/api-client';
import type { RouteInit } from '../lib/route-url';

/**
 * The web app's server reads, as TanStack Query options: each keyed by its route's name in the
 * route table (src/contract/routes.ts) and what names the answer, e.g.
 * `['GET /api/videos', { query }]`, and fetched through the one API client (which takes up the
 * answers the boot script asked for early). No `window` here: a server render can prefetch these.
 */
export type ReadRoute = Extract<RouteKey, `GET ${string}`>;

type Call<K extends ReadRoute> = (
  route: K,
  init: CallInit<K>,
) => Promise<ApiResponse<RouteResponse<K>>>;

/** A route's answer, as the query function of its key. */
export function read<K extends ReadRoute>(route: K, init: RouteInit<K>, signal?: AbortSignal) {
  const call = api.call as unknown as Call<K>;
  return call(route, { ...init, signal } as CallInit<K>).then(({ data }) => data);
}

/**
 * A public read (the catalogue, the config): keyed by the route and its init; anyone may ask, and
 * the answer is the same.
 */
export function publicRead<K extends ReadRoute>(route: K, init: RouteInit<K>) {
  return queryOptions({
    queryKey: [route, init] as const,
    queryFn: ({ signal }) => read(route, init, signal),
  });
}

/** One video (GET /api/video/:id). */
export const videoRead = (videoId: string) =>
  publicRead('GET /api/video/{videoId}', { params: { videoId } });

/** Videos an answer brought are kept as the one-video reads too (the screens that hold ids). */
export function keepVideos(client: QueryClient, videos: readonly Video[]): void {
  for (const video of videos) {
    const { queryKey } = videoRead(video._id);
    if (client.getQueryData(queryKey) === undefined) client.setQueryData(queryKey, { video });
  }
}

/** A signed-in user's read: keyed by its route and the session, so no answer crosses sessions. */
export function userRead<K extends ReadRoute>(route: K, session: string) {
  return queryOptions({
    queryKey: [route, { user: session }] as const,
    queryFn: ({ signal }) => read(route, {} as RouteInit<K>, signal),
  });
}

/** The session a user's read was asked in. */
export function sessionOf(key: QueryKey): string | undefined {
  return (key[1] as { user?: string } | undefined)?.user;
}

/** Whether a key is a signed-in user's read (GET /api/user/…). */
export function isUserKey(key: QueryKey): boolean {
  return typeof key[0] === 'string' && key[0].startsWith('GET /api/user/');
}

/** One video by id, from the cache when an answer brought it. */
export const knownVideoRead = (videoId: string) => ({ ...videoRead(videoId), staleTime: Infinity });

/** Several videos by id, in that order; ids that fail (a removed video) are left out. */
export async function lookUpVideos(client: QueryClient, videoIds: string[]): Promise<Video[]> {
  const settled = await Promise.allSettled(
    videoIds.map((id) => client.fetchQuery(knownVideoRead(id))),
  );
  return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value.video] : []));
}
