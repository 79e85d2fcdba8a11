import { describe, expect, it } from 'vitest';
import { routeLabel } from './metrics';

describe('the route label of a request (metrics.ts)', () => {
  it('is the route table pattern, fixed paths first, never the raw URL', () => {
    expect(routeLabel('GET', '/api/video/abc123?x=1')).toBe('/api/video/{videoId}');
    expect(routeLabel('GET', '/api/videos/trending')).toBe('/api/videos/trending');
    expect(routeLabel('HEAD', '/api/videos?limit=5')).toBe('/api/videos');
    expect(routeLabel('DELETE', '/api/user/likes/v1')).toBe('/api/user/likes/{videoId}');
    expect(routeLabel('GET', '/api/user/history/all')).toBe('/api/user/history/all');
  });

  it('is one of a few fixed values for everything else', () => {
    expect(routeLabel('GET', '/api/health')).toBe('/api/health');
    expect(routeLabel('GET', '/readyz')).toBe('/readyz');
    expect(routeLabel('GET', '/api/no/such/route/9f8e7d')).toBe('/api/*');
    for (const url of ['/', '/watch/abc', '/assets/app-0123abcd.js', '/apix']) {
      expect(routeLabel('GET', url)).toBe('static');
    }
  });
});
