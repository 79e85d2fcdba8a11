import { describe, expect, it } from 'vitest';
import { PAGE_FILES } from './app';
import { matchScreen, SCREENS, type Screen } from '../lib/screens';

const screens = Object.values(SCREENS as Record<string, Screen>);

describe('the screens’ declarations', () => {
  it('name each page module the app loads lazily, and only those', () => {
    const pages = screens.flatMap((screen) => (screen.page ? [screen.page] : []));
    expect([...pages].sort()).toEqual([...PAGE_FILES].sort());
  });

  it('match a path as the routes do: whole segments, a trailing slash, parameters decoded', () => {
    expect(matchScreen('/')?.name).toBe('home');
    expect(matchScreen('/trending/')?.name).toBe('trending');
    expect(matchScreen('/playlist')?.name).toBe('playlists');
    expect(matchScreen('/playlist/p1')?.name).toBe('playlist');
    expect(matchScreen('/mock')?.name).toBe('tester');
    expect(matchScreen('/watch/a%20b')).toMatchObject({
      name: 'watch',
      params: { videoId: 'a b' },
      malformed: false,
    });
    expect(matchScreen('/watch/%E0%A4%A')).toMatchObject({
      params: { videoId: '%E0%A4%A' },
      malformed: true,
    });
    for (const unknown of ['/watch', '/watch/', '/watch//', '/course/a/b', '/trend', '/nope']) {
      expect(matchScreen(unknown), unknown).toBeUndefined();
    }
  });

  it('leave no two screens on one path', () => {
    const paths = screens.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
