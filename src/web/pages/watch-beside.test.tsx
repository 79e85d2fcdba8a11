import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { renderInApp, signInWithSession } from '../testing/signed-in';
import { WatchCourse } from './watch-course';
import { WatchPlaylist } from './watch-playlist';

/** The mock's sample course: 1PnVor36_40 is its third lesson, PkZNo7MFNFg the fourth. */
const slug = 'web-development-basics';
const videoId = '1PnVor36_40';

/** A playlist of the user's: this video, then the sample course's last lesson. */
async function playlistWithVideo() {
  const { playlists } = (
    await api.call('POST /api/user/playlists', { body: { playlist: { title: 'Evening' } } })
  ).data;
  const playlistId = playlists[0]!._id;
  for (const id of [videoId, 'yLZazznWoAs']) {
    const { video } = (await api.call('GET /api/video/{videoId}', { params: { videoId: id } }))
      .data;
    await api.call('POST /api/user/playlists/{playlistId}', {
      params: { playlistId },
      body: { video },
    });
  }
  return playlistId;
}

const titleOf = async (id: string) =>
  (await api.call('GET /api/video/{videoId}', { params: { videoId: id } })).data.video.title;

/** The watch page's two panels as it renders them, after the video played to its end once. */
function renderBeside(path: string) {
  renderInApp(
    <>
      <WatchPlaylist videoId={videoId} endings={1} />
      <WatchCourse videoId={videoId} endings={1} />
    </>,
    path,
  );
}

describe('a watch address with both ?list= and ?course=', () => {
  beforeEach(async () => {
    // The countdown stands still: what shows is tested, not where it goes.
    vi.useFakeTimers({ toFake: ['setInterval'] });
    await signInWithSession();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    localStorage.clear();
  });

  it('counts down once, to the course’s next lesson, and offers one Next', async () => {
    const playlistId = await playlistWithVideo();
    renderBeside(`/watch/${videoId}?list=${playlistId}&course=${slug}`);
    const nextLesson = await titleOf('PkZNo7MFNFg');
    await screen.findByText('Lesson 3 of 6');
    await screen.findByRole('heading', { name: 'Evening' });
    expect(screen.getAllByText(/^Up next: /).map((node) => node.textContent)).toEqual([
      `Up next: ${nextLesson}`,
    ]);
    expect(screen.getAllByRole('button', { name: 'Play now' })).toHaveLength(1);
    const nexts = screen.getAllByRole('link', { name: /^Next/ });
    expect(nexts.map((link) => link.getAttribute('href'))).toEqual([
      `/watch/PkZNo7MFNFg?course=${slug}`,
    ]);
    // The playlist stays beside it, its videos still there to pick.
    const playlist = screen.getByRole('list', { name: 'Evening: videos' });
    expect(within(playlist).getAllByRole('link')).toHaveLength(2);
  });

  it('leaves the countdown to the playlist when the course does not hold the video', async () => {
    const playlistId = await playlistWithVideo();
    renderBeside(`/watch/${videoId}?list=${playlistId}&course=no-such-course`);
    const nextVideo = await titleOf('yLZazznWoAs');
    await waitFor(() =>
      expect(screen.getAllByText(/^Up next: /).map((node) => node.textContent)).toEqual([
        `Up next: ${nextVideo}`,
      ]),
    );
    expect(screen.getByRole('link', { name: /^Next/ }).getAttribute('href')).toBe(
      `/watch/yLZazznWoAs?list=${playlistId}`,
    );
  });
});
