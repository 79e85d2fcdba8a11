import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import {
  ServerResponse,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
} from 'node:http';

/** The YouTube embed hosts (the player uses the privacy host; plain youtube.com for its links). */
const youtubeFrames = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];
/**
 * Thumbnails (i.ytimg.com), the seed videos' channel avatars (ui-avatars.com), and the channel
 * avatars YouTube's own metadata names (yt-dlp's and the Data API's: yt3.ggpht.com and
 * yt3.googleusercontent.com).
 */
const imageHosts = [
  'https://i.ytimg.com',
  'https://ui-avatars.com',
  'https://yt3.ggpht.com',
  'https://yt3.googleusercontent.com',
];

/**
 * Strict-Transport-Security, Hono's default value: sent only on answers to requests that came
 * over HTTPS (`secureResponses`' `overHttps`: behind a TLS proxy, as it says), never over plain
 * HTTP, where it promises what the server does not give.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=15552000; includeSubDomains';

/**
 * The security headers, as Hono's secureHeaders middleware (configured below) writes them. The
 * server writes them itself on every answer (`secureResponses`). The Content-Security-Policy lets the page load only its own
 * scripts (and YouTube's player API) and styles, frame only the YouTube embed and show images from itself and the two hosts
 * above, and connect only to itself; the request tester (/mock) alone may connect to any http(s)
 * URL, as it calls whatever absolute URL the user types (`secureResponses` widens its page's
 * connect-src; docs/decisions/0005-security-headers.md).
 */
const SITE_CONNECT = "'self'";

/** The request tester's page (/mock, as a document: nothing in the app links to it). */
const isTesterPage = (url: string | undefined) =>
  url !== undefined && /^\/mock\/?(?:\?|$)/.test(url);

/** The CSP the tester's page gets: the site's, with connect-src open to any http(s) URL. */
const testerPolicy = (policy: string) =>
  policy.replace(`connect-src ${SITE_CONNECT}`, `connect-src ${SITE_CONNECT} https: http:`);

function securityHeaders(inlineScripts: readonly string[]) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // The YouTube IFrame Player API (timed notes, resume) is a script from youtube.com; a
      // rendered page's boot script is inline, allowed by its hash alone.
      scriptSrc: ["'self'", ...inlineScripts.map(scriptHash), 'https://www.youtube.com'],
      // react-hot-toast (goober) writes its styles into a <style> element at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', ...imageHosts],
      frameSrc: youtubeFrames,
      connectSrc: [SITE_CONNECT],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
    // YouTube's embed refuses to play without a Referer naming the embedding site.
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    // Per request: see STRICT_TRANSPORT_SECURITY.
    strictTransportSecurity: false,
  });
}

/** A CSP source that allows exactly this inline script's text. */
export const scriptHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Name and value of each security header every answer carries, lower-case names, in the order
 * Hono writes them (Strict-Transport-Security is not among them: only over HTTPS).
 */
export async function securityHeaderList(
  inlineScripts: readonly string[] = [],
): Promise<[string, string][]> {
  const probe = new Hono().use(securityHeaders(inlineScripts)).get('/', (c) => c.body(null));
  const answer = await probe.request('/');
  return [...answer.headers];
}

type Headers = OutgoingHttpHeaders | OutgoingHttpHeader[];

/**
 * Node's ServerResponse with the given headers on every answer, whoever writes it: the app
 * (through the node adapter), the kept answers (answer-cache.ts), or Node itself for a response
 * ended without `writeHead`. Written into the headers object `writeHead` takes, so an answer
 * costs what any of its other headers costs (in the app, each one set on a fetch `Headers`
 * object cost several times that); they override the app's headers of the same names.
 *
 * `overHttps` says whether a request came over HTTPS (client-address.ts: requestCameOverHttps):
 * its answer gets Strict-Transport-Security too. `closing` says whether the server is draining
 * (shutdown.ts): every answer then says `Connection: close`, and Node closes its connection once
 * it is written, so no keep-alive client sends another request on a connection being closed.
 * The request tester's page (/mock) gets a CSP that lets it connect to any http(s) URL.
 */
export function secureResponses(
  headers: [string, string][],
  overHttps: (request: IncomingMessage) => boolean = () => false,
  closing: () => boolean = () => false,
): typeof ServerResponse {
  const names = headers.map(([name]) => name);
  const siteValues = headers.map(([, value]) => value);
  const testerValues = headers.map(([name, value]) =>
    name === 'content-security-policy' ? testerPolicy(value) : value,
  );
  /** The headers that depend on the request and the moment, beside the fixed ones. */
  const extra = (request: IncomingMessage): [string, string][] => {
    const more: [string, string][] = [];
    if (overHttps(request)) more.push(['strict-transport-security', STRICT_TRANSPORT_SECURITY]);
    if (closing()) more.push(['connection', 'close']);
    return more;
  };
  return class SecureServerResponse<
    Request extends IncomingMessage = IncomingMessage,
  > extends ServerResponse<Request> {
    override writeHead(statusCode: number, reason?: string | Headers, given?: Headers): this {
      let message: string | undefined;
      if (typeof reason === 'string') message = reason;
      else given = reason;
      const more = extra(this.req);
      const values = isTesterPage(this.req?.url) ? testerValues : siteValues;
      if (given === undefined || Array.isArray(given)) {
        // Node merges these with the pairs of an array, if any.
        for (let i = 0; i < names.length; i++) this.setHeader(names[i]!, values[i]!);
        for (const [name, value] of more) this.setHeader(name, value);
        return super.writeHead(statusCode, message, given);
      }
      // A new object, filled by assignment: V8 copies an object spread of this many headers
      // some twenty times slower (measured), and the caller's object may be kept (a kept answer).
      const all: OutgoingHttpHeaders = {};
      for (const name in given) all[name] = given[name];
      for (let i = 0; i < names.length; i++) all[names[i]!] = values[i];
      for (const [name, value] of more) all[name] = value;
      return super.writeHead(statusCode, message, all);
    }
  };
}
