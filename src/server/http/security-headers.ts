import { secureHeaders } from 'hono/secure-headers';

/** The YouTube embed hosts (the player uses the privacy host; plain youtube.com for its links). */
const youtubeFrames = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];
/** Thumbnails (i.ytimg.com) and the seed videos' channel avatars (ui-avatars.com). */
const imageHosts = ['https://i.ytimg.com', 'https://ui-avatars.com'];

/**
 * Security headers on every response. The Content-Security-Policy lets the page load only its own
 * scripts (and YouTube's player API) and styles, frame only the YouTube embed and show images from itself and the two hosts
 * above; connect-src is open to any http(s) URL because the request tester (/mock) calls whatever
 * absolute URL the user types (docs/decisions/0005-security-headers.md).
 */
export function securityHeaders() {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // The YouTube IFrame Player API (timed notes, resume) is a script from youtube.com.
      scriptSrc: ["'self'", 'https://www.youtube.com'],
      // react-hot-toast (goober) writes its styles into a <style> element at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', ...imageHosts],
      frameSrc: youtubeFrames,
      connectSrc: ["'self'", 'https:', 'http:'],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
    // YouTube's embed refuses to play without a Referer naming the embedding site.
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
