import type {
  PathParamNames,
  RouteBody,
  RouteKey,
  RouteParams,
  RouteQuery,
  ApiRoutes,
} from '../../contract/routes';

/**
 * What a call to a route carries besides its name, typed by the route table: `params` when its
 * path has `{name}` parameters, `query` when it takes a query (required when a field is), `body`
 * when it takes one. Types only: nothing of the table's schemas reaches the page's code.
 */
export type RouteInit<K extends RouteKey> = ParamsPart<K> & QueryPart<K> & BodyPart<K>;

type ParamsPart<K extends RouteKey> = [PathParamNames<ApiRoutes[K]['path']>] extends [never]
  ? { params?: never }
  : { params: RouteParams<K> };

type QueryPart<K extends RouteKey> = [RouteQuery<K>] extends [undefined]
  ? { query?: never }
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "every field optional"
    {} extends RouteQuery<K>
    ? { query?: RouteQuery<K> }
    : { query: RouteQuery<K> };

type BodyPart<K extends RouteKey> = [RouteBody<K>] extends [undefined]
  ? { body?: never }
  : { body: RouteBody<K> };

/** Any route's init, as the code that fills in a URL reads it (checking what it finds). */
export interface AnyRouteInit {
  params?: unknown;
  query?: unknown;
}

/**
 * The URL of a call: the route's path with each `{name}` replaced by its percent-encoded value,
 * then the query's defined fields in the order given. The boot script names the first screen's
 * requests with it too, so both send the same URL, byte for byte.
 */
export function routeUrl<K extends RouteKey>(route: K, init: RouteInit<K>): string;
export function routeUrl(route: RouteKey, init: AnyRouteInit): string {
  return anyRouteUrl(route, init);
}

/** routeUrl for code that holds a route's init without its type: the API client's `call`. */
export function anyRouteUrl(route: RouteKey, { params, query }: AnyRouteInit): string {
  const values = new Map(textFields(params));
  const path = route
    .slice(route.indexOf(' ') + 1)
    .replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values.get(name) ?? ''));
  const fields = textFields(query);
  return fields.length > 0 ? `${path}?${new URLSearchParams(fields).toString()}` : path;
}

/** An object's fields that hold text, in order (an absent optional field is left out). */
function textFields(value: unknown): [string, string][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).filter(
    (field): field is [string, string] => typeof field[1] === 'string',
  );
}
