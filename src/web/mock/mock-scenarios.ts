/** The methods a forced error can target: one of the API's, or any. */
export const SCENARIO_METHODS = ['ANY', 'GET', 'POST', 'PATCH', 'DELETE'] as const;
export type ScenarioMethod = (typeof SCENARIO_METHODS)[number];

/**
 * Statuses the panel can force, with their standard reason phrases: a forced answer carries the
 * phrase as its status text and as its one error message, like the API's own error bodies.
 */
export const FORCEABLE_STATUSES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
} as const satisfies Record<number, string>;
export type ForceableStatus = keyof typeof FORCEABLE_STATUSES;

/** Matching requests are answered with `status` instead of reaching the API. */
export interface ForcedError {
  method: ScenarioMethod;
  /** A path under /api: `{name}` stands for one segment, a trailing `*` for anything below. */
  path: string;
  status: ForceableStatus;
}

/** What the mock scenario panel has switched on. */
export interface MockScenarios {
  /** Same-origin /api requests fail as if the network were down. */
  offline: boolean;
  forcedErrors: ForcedError[];
}

/** Where the scenarios live, so that they survive a reload. */
export const SCENARIOS_STORAGE_KEY = 'codetube:mock-scenarios';

export const noScenarios: MockScenarios = { offline: false, forcedErrors: [] };

/** The part of the Web Storage API the scenarios need. */
export type ScenarioStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isForceableStatus = (value: unknown): value is ForceableStatus =>
  typeof value === 'number' && Object.hasOwn(FORCEABLE_STATUSES, value);

function isForcedError(value: unknown): value is ForcedError {
  const candidate = value as Partial<ForcedError> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    SCENARIO_METHODS.includes(candidate.method as ScenarioMethod) &&
    typeof candidate.path === 'string' &&
    isForceableStatus(candidate.status)
  );
}

/** The stored scenarios; anything unreadable counts as none, so a bad value cannot wedge the mock. */
export function readMockScenarios(storage: Pick<Storage, 'getItem'>): MockScenarios {
  try {
    const parsed = JSON.parse(storage.getItem(SCENARIOS_STORAGE_KEY) ?? 'null') as Partial<
      Record<keyof MockScenarios, unknown>
    > | null;
    if (typeof parsed !== 'object' || parsed === null) return noScenarios;
    return {
      offline: parsed.offline === true,
      forcedErrors: Array.isArray(parsed.forcedErrors)
        ? parsed.forcedErrors.filter(isForcedError)
        : [],
    };
  } catch {
    return noScenarios;
  }
}

/** Stores the scenarios; with none left on, the key is removed. */
export function writeMockScenarios(storage: ScenarioStorage, scenarios: MockScenarios): void {
  if (!scenarios.offline && scenarios.forcedErrors.length === 0) {
    storage.removeItem(SCENARIOS_STORAGE_KEY);
    return;
  }
  storage.setItem(SCENARIOS_STORAGE_KEY, JSON.stringify(scenarios));
}

/** A typed path pattern made comparable: leading slash, no trailing slash, no spaces. */
export function normalisePathPattern(pattern: string): string {
  const trimmed = pattern.trim();
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  // Trailing slashes tried from the first of a run only (the lookbehind): linear on any path.
  return withSlash.length > 1 ? withSlash.replace(/(?<!\/)\/+$/, '') : withSlash;
}

/** True when `pathname` is one the pattern names. */
export function pathMatches(pattern: string, pathname: string): boolean {
  const wanted = normalisePathPattern(pattern).split('/');
  const actual = normalisePathPattern(pathname).split('/');
  for (let index = 0; index < wanted.length; index += 1) {
    const segment = wanted[index] ?? '';
    if (segment === '*' && index === wanted.length - 1) return actual.length > index;
    const given = actual[index];
    if (given === undefined) return false;
    const isParameter = /^\{[^/{}]+\}$/.test(segment);
    if (isParameter ? given === '' : segment !== given) return false;
  }
  return wanted.length === actual.length;
}

/** The first forced error that applies to this request, if any. */
export function findForcedError(
  scenarios: MockScenarios,
  method: string,
  pathname: string,
): ForcedError | undefined {
  return scenarios.forcedErrors.find(
    (forced) =>
      (forced.method === 'ANY' || forced.method === method.toUpperCase()) &&
      pathMatches(forced.path, pathname),
  );
}

/** The answer a forced error gives: the status, its reason phrase, the API's error body shape. */
export function forcedErrorResponse(status: ForceableStatus): Response {
  const statusText = FORCEABLE_STATUSES[status];
  return Response.json({ errors: [statusText] }, { status, statusText });
}

/** The error `fetch` rejects with when no response arrives; the app and the tester both read it. */
export const offlineError = () => new TypeError('Network request failed');
