import { beforeEach, describe, expect, it } from 'vitest';
import {
  findForcedError,
  forcedErrorResponse,
  normalisePathPattern,
  pathMatches,
  readMockScenarios,
  SCENARIOS_STORAGE_KEY,
  writeMockScenarios,
  type MockScenarios,
} from './mock-scenarios';

const scenarios = (overrides: Partial<MockScenarios> = {}): MockScenarios => ({
  offline: false,
  forcedErrors: [],
  ...overrides,
});

describe('mock scenarios in storage', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('reads none when nothing is stored', () => {
    expect(readMockScenarios(localStorage)).toEqual({ offline: false, forcedErrors: [] });
  });

  it('keeps what was written across a fresh read', () => {
    const chosen = scenarios({
      offline: true,
      forcedErrors: [{ method: 'GET', path: '/api/videos', status: 503 }],
    });
    writeMockScenarios(localStorage, chosen);
    expect(readMockScenarios(localStorage)).toEqual(chosen);
  });

  it('removes the key when every scenario is off', () => {
    writeMockScenarios(localStorage, scenarios({ offline: true }));
    writeMockScenarios(localStorage, scenarios());
    expect(localStorage.getItem(SCENARIOS_STORAGE_KEY)).toBeNull();
  });

  it('ignores unreadable JSON and drops malformed forced errors', () => {
    localStorage.setItem(SCENARIOS_STORAGE_KEY, '{not json');
    expect(readMockScenarios(localStorage)).toEqual(scenarios());
    localStorage.setItem(
      SCENARIOS_STORAGE_KEY,
      JSON.stringify({
        offline: 'yes',
        forcedErrors: [
          { method: 'PUT', path: '/api/videos', status: 500 },
          { method: 'GET', path: '/api/videos', status: 299 },
          { method: 'GET', path: 42, status: 500 },
          null,
          { method: 'ANY', path: '/api/user/*', status: 429 },
        ],
      }),
    );
    expect(readMockScenarios(localStorage)).toEqual(
      scenarios({ forcedErrors: [{ method: 'ANY', path: '/api/user/*', status: 429 }] }),
    );
  });
});

describe('path patterns', () => {
  it('adds the leading slash and drops trailing ones', () => {
    expect(normalisePathPattern(' api/videos/ ')).toBe('/api/videos');
    expect(normalisePathPattern('/')).toBe('/');
  });

  // A pattern is typed in the tester and a path is any request's (issue 42, finding 12): 100,000
  // slashes are read in linear time. Dropping trailing slashes scanned the run from each slash
  // (seconds, past the test's timeout: a guard against quadratic work, not a timing assertion).
  it('reads runs of 100,000 slashes', () => {
    const slashes = '/'.repeat(100_000);
    expect(normalisePathPattern(`${slashes}x`)).toBe(`${slashes}x`);
    expect(normalisePathPattern(`api${slashes}`)).toBe('/api');
    expect(pathMatches('/api/videos', `/api/videos${slashes}`)).toBe(true);
    expect(pathMatches(`/api/videos${slashes}x`, '/api/videos')).toBe(false);
    expect(pathMatches('/api/{id}', `/api/${'{'.repeat(100_000)}`)).toBe(true);
  });

  it('matches a literal path exactly, trailing slash or not', () => {
    expect(pathMatches('/api/videos', '/api/videos')).toBe(true);
    expect(pathMatches('/api/videos', '/api/videos/')).toBe(true);
    expect(pathMatches('/api/videos', '/api/video')).toBe(false);
    expect(pathMatches('/api/videos', '/api/videos/1')).toBe(false);
    expect(pathMatches('/api/user/likes', '/api')).toBe(false);
  });

  it('lets {name} stand for exactly one segment', () => {
    expect(pathMatches('/api/video/{videoId}', '/api/video/No8qdcVYiQw')).toBe(true);
    expect(pathMatches('/api/video/{videoId}', '/api/video')).toBe(false);
    expect(pathMatches('/api/video/{videoId}', '/api/video/a/b')).toBe(false);
    expect(pathMatches('/api/user/playlists/{id}/{videoId}', '/api/user/playlists/p/v')).toBe(true);
  });

  it('lets a trailing * stand for anything below, but not the path itself', () => {
    expect(pathMatches('/api/user/*', '/api/user/likes')).toBe(true);
    expect(pathMatches('/api/user/*', '/api/user/playlists/p1/v1')).toBe(true);
    expect(pathMatches('/api/user/*', '/api/user')).toBe(false);
    expect(pathMatches('/api/user/*', '/api/users/likes')).toBe(false);
  });
});

describe('forced errors', () => {
  const chosen = scenarios({
    forcedErrors: [
      { method: 'POST', path: '/api/user/likes', status: 500 },
      { method: 'ANY', path: '/api/user/*', status: 429 },
    ],
  });

  it('apply to the method they name, or to any method', () => {
    expect(findForcedError(chosen, 'POST', '/api/user/likes')?.status).toBe(500);
    expect(findForcedError(chosen, 'get', '/api/user/likes')?.status).toBe(429);
    expect(findForcedError(chosen, 'DELETE', '/api/user/history/all')?.status).toBe(429);
    expect(findForcedError(chosen, 'GET', '/api/videos')).toBeUndefined();
  });

  it("answer with the status, its reason phrase and the API's error body", async () => {
    const response = forcedErrorResponse(503);
    expect(response.status).toBe(503);
    expect(response.statusText).toBe('Service Unavailable');
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ errors: ['Service Unavailable'] });
  });
});
