import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UpNextCardModule from '../features/videos/components/up-next-card';
import { renderInApp, signInWithSession } from '../testing/signed-in';
import { SaveToPlaylistProvider } from './save-to-playlist-provider';

/** How often Up next's cards are drawn: the real card, counted. */
const cardRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../features/videos/components/up-next-card', async (importOriginal) => {
  const real = await importOriginal<typeof UpNextCardModule>();
  return {
    ...real,
    UpNextCard: (props: Parameters<typeof real.UpNextCard>[0]) => {
      cardRenders.count += 1;
      return real.UpNextCard(props);
    },
  };
});

const { default: WatchPage } = await import('../pages/watch-page');

describe('the watch page’s panels', () => {
  beforeEach(async () => {
    await signInWithSession();
  });
  afterEach(cleanup);

  it('are not drawn again when only the player’s region changes (its speed)', async () => {
    renderInApp(
      <SaveToPlaylistProvider>
        <Routes>
          <Route path="/watch/:videoId" element={<WatchPage />} />
        </Routes>
      </SaveToPlaylistProvider>,
      '/watch/1PnVor36_40',
    );
    const upNext = await screen.findByRole('list', { name: 'Up next' });
    expect(within(upNext).getAllByRole('listitem').length).toBeGreaterThan(0);
    const speed = screen.getByRole('combobox', { name: 'Playback speed' });
    const drawn = cardRenders.count;
    await act(async () => fireEvent.change(speed, { target: { value: '1.5' } }));
    expect((speed as HTMLSelectElement).value).toBe('1.5');
    expect(cardRenders.count).toBe(drawn);
  });
});
