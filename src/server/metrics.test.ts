import type { IncomingMessage, ServerResponse } from 'node:http';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../web/lib/screens';
import { routeLabel, ServerMetrics } from './metrics';

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
    for (const url of ['/assets/app-0123abcd.js', '/favicon.svg', '/manifest.webmanifest']) {
      expect(routeLabel('GET', url)).toBe('static');
    }
    for (const url of ['/apix', '/no/such/page', '/wp-login.php', '/watch/a/b', '/.env']) {
      expect(routeLabel('GET', url)).toBe('unknown');
    }
  });

  it("counts pages by the app's screen (its route pattern), not as static (issue 42 #9)", () => {
    expect(routeLabel('GET', '/')).toBe('/');
    expect(routeLabel('GET', '/watch/abc?t=3')).toBe('/watch/:videoId');
    expect(routeLabel('GET', '/channel/Some%20One/')).toBe('/channel/:channelName');
    expect(routeLabel('GET', '/results?q=x')).toBe('/results');
    expect(routeLabel('GET', '/course/intro')).toBe('/course/:slug');
    expect(routeLabel('GET', '/sitemaps/videos-3.xml')).toBe('/sitemaps/*');
    expect(routeLabel('GET', '/robots.txt')).toBe('/robots.txt');
  });

  it('labels a page by its screen (web/lib/screens.ts), whatever its parameters', () => {
    for (const { path } of Object.values(SCREENS)) {
      const address = path.replace(/:[^/]+/g, 'some%20value');
      expect(routeLabel('GET', `${address}?x=1`)).toBe(path);
    }
  });
});

describe('rate-limit refusals (issue 42 #9)', () => {
  it('are counted by the limit that refused', async () => {
    const metrics = new ServerMetrics('test');
    metrics.limitRefused('catalogue-reads-per-address');
    metrics.limitRefused('catalogue-reads-per-address');
    metrics.limitRefused('signups-per-address');
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      'codetube_rate_limit_refusals_total{limit="catalogue-reads-per-address"} 2',
    );
    expect(text).toContain('codetube_rate_limit_refusals_total{limit="signups-per-address"} 1');
  });
});

describe('the request metrics under odd requests (issue 42 #9)', () => {
  it('keep a bounded number of series after 10,000 odd requests', async () => {
    const metrics = new ServerMetrics('test');
    const listener = metrics.recording((_request, response) => response.end());
    const answer = (method: string, url: string, status: number) => {
      const response = Object.assign(new EventEmitter(), { statusCode: status, end: () => {} });
      response.end = () => void response.emit('finish');
      listener({ method, url } as IncomingMessage, response as unknown as ServerResponse);
    };
    // One sample line per series (the lines that are not # HELP or # TYPE).
    const series = async () =>
      (await metrics.registry.metrics()).split('\n').filter((line) => /^[a-z]/.test(line)).length;
    answer('GET', '/', 200);
    const before = await series();
    const methods = ['GET', 'POST', 'BREW', 'PROPFIND', 'get', 'M-SEARCH'];
    for (let n = 0; n < 10_000; n += 1) {
      const odd = [
        `/watch/${n}`,
        `/api/video/${n}/up-next?x=${n}`,
        `/no/such/${n}`,
        `/api/${n}/${n}`,
        `/assets/${n}.js`,
        `/${'x'.repeat(n % 50)}%${n}`,
        `//${n}`,
        `/sitemaps/videos-${n}.xml`,
      ][n % 8]!;
      answer(methods[n % methods.length]!, odd, [200, 404, 400, 429, 500][n % 5]!);
    }
    const after = await series();
    // Every value of every label comes from a fixed set: a few hundred series at most.
    expect(after - before).toBeLessThan(1_000);
    const text = await metrics.registry.metrics();
    expect(text).not.toMatch(/BREW|PROPFIND|no\/such|\/watch\/\d/);
  });
});
