import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UpNextCardModule from '../features/videos/components/up-next-card';
import { setTransport } from '../lib/api-client';
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
  /** API calls on their way: the page's loads (its library lists, Up next, the transcript). */
  let inFlight = 0;
  beforeEach(async () => {
    const backend = await signInWithSession();
    inFlight = 0;
    setTransport(async (request) => {
      inFlight += 1;
      try {
        return await backend.handle(request);
      } finally {
        inFlight -= 1;
      }
    });
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
    // Every load in and drawn (each list that comes in draws the screen's cards again).
    await vi.waitFor(() => expect(inFlight).toBe(0));
    await act(async () => {});
    const speed = screen.getByRole('combobox', { name: 'Playback speed' });
    const drawn = cardRenders.count;
    // Synchronously: what renders is what the change itself draws, nothing that comes meanwhile.
    act(() => {
      fireEvent.change(speed, { target: { value: '1.5' } });
    });
    expect((speed as HTMLSelectElement).value).toBe('1.5');
    expect(cardRenders.count).toBe(drawn);
  });
});
