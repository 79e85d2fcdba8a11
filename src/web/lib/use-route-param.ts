import { matchPath, useLocation } from 'react-router';

/**
 * A route's `:name` segment as the address holds it, decoded once: what the link to it encoded
 * (a video id, a channel's name, a playlist id). React Router's useParams also turns the text
 * '%2F' inside a decoded value into '/', so `/watch/a%252Fb` would read 'a/b' instead of 'a%2Fb'.
 */
export function useRouteParam(pattern: string, name: string): string {
  const { pathname } = useLocation();
  const segment = matchPath(pattern, pathname)?.params[name] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape (typed by hand): the address as it is.
    return segment;
  }
}
