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
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True for a URL the in-page API answers: same origin, path /api or below. */
export function isMockApiUrl(url: URL, origin: string): boolean {
  return url.origin === origin && (url.pathname === '/api' || url.pathname.startsWith('/api/'));
}

/**
 * The mock-mode transport (DESIGN §1): same-origin /api requests are answered by the in-page API
 * after the response delay; every other URL goes to the network untouched.
 */
export function createMockTransport(options: MockTransportOptions): FetchLike {
  return async (input, init) => {
    const request = new Request(
      typeof input === 'string' ? new URL(input, options.origin) : input,
      init,
    );
    if (!isMockApiUrl(new URL(request.url), options.origin)) return options.network(input, init);
    const delay = options.delayMs();
    if (delay > 0) await wait(delay);
    return options.handle(request);
  };
}
