import {
  findForcedError,
  forcedErrorResponse,
  offlineError,
  type MockScenarios,
} from './mock-scenarios';

/** A fetch-compatible function. */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface MockTransportOptions {
  /** Answers a request for the in-page API. */
  handle: (request: Request) => Promise<Response>;
  /** Where other requests go: the real network. */
  network: FetchLike;
  /** The page's origin; only same-origin /api URLs are answered in the page. */
  origin: string;
  /** The response delay in ms, read on every request so the mock panel can change it. */
  delayMs: () => number;
  /** The mock scenario panel's choices, read on every request so they apply at once. */
  scenarios?: () => MockScenarios;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True for a URL the in-page API answers: same origin, path /api or below. */
export function isMockApiUrl(url: URL, origin: string): boolean {
  return url.origin === origin && (url.pathname === '/api' || url.pathname.startsWith('/api/'));
}

/**
 * The mock-mode transport (architecture §1): same-origin /api requests are answered by the in-page API
 * after the response delay; every other URL goes to the network untouched. Scenarios bend the
 * /api answers only: offline rejects as `fetch` does when no response arrives, a forced error
 * answers in place of the API.
 */
export function createMockTransport(options: MockTransportOptions): FetchLike {
  return async (input, init) => {
    const request = new Request(
      typeof input === 'string' ? new URL(input, options.origin) : input,
      init,
    );
    const url = new URL(request.url);
    if (!isMockApiUrl(url, options.origin)) return options.network(input, init);
    const scenarios = options.scenarios?.();
    // A dead network fails fast: there is no server whose answer the delay would stand for.
    if (scenarios?.offline) throw offlineError();
    const delay = options.delayMs();
    if (delay > 0) await wait(delay);
    const forced = scenarios && findForcedError(scenarios, request.method, url.pathname);
    return forced ? forcedErrorResponse(forced.status) : options.handle(request);
  };
}
