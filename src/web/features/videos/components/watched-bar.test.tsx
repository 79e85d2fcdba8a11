import { cleanup, render, screen } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Progress } from '../../../../contract/entities';
import { StoreProvider } from '../../../state/store-provider';
import { useVideos } from '../../../state/use-store';
import { buildVideo } from '../../../testing/factories';
import { TrendingCard } from './trending-card';
import { UpNextCard } from './up-next-card';
import { VideoCard } from './video-card';

/** The signed-in user's saved positions, as the library's read puts them in the store. */
function Positions({ progress, children }: { progress: Progress[]; children: ReactNode }) {
  const { dispatch } = useVideos();
  useEffect(() => dispatch({ type: 'GET_PROGRESS', payload: progress }), [dispatch, progress]);
  return children;
}

const show = (progress: Progress[], card: ReactNode) =>
  render(
    <StoreProvider>
      <MemoryRouter>
        <Positions progress={progress}>{card}</Positions>
      </MemoryRouter>
    </StoreProvider>,
  );

const at = '2026-11-01T00:00:00.000Z';
const video = buildVideo({ _id: 'abc', title: 'Closures', duration: 600 });
const cards = {
  'grid card': <VideoCard video={video} />,
  'compact row': <VideoCard video={video} compact />,
  'trending card': <TrendingCard video={video} />,
  'Up next card': <UpNextCard video={video} />,
};

describe('the watched bar on a card', () => {
  beforeAll(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
  afterEach(cleanup);

  it.each(Object.entries(cards))('shows how much was watched on a %s', async (_name, card) => {
    show([{ videoId: 'abc', seconds: 150, duration: 600, updatedAt: at }], card);
    const bar = await screen.findByRole('progressbar', { name: 'Closures: watched' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('25% watched');
  });

  it("uses the catalogue's length when the position came without one", async () => {
    show([{ videoId: 'abc', seconds: 300, updatedAt: at }], <VideoCard video={video} />);
    const bar = await screen.findByRole('progressbar', { name: 'Closures: watched' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
  });

  it('shows none for a video without a position, or of unknown length', async () => {
    const other = buildVideo({ _id: 'xyz', title: 'Other' });
    show(
      [
        { videoId: 'abc', seconds: 150, duration: 600, updatedAt: at },
        { videoId: 'xyz', seconds: 40, updatedAt: at },
      ],
      <>
        <VideoCard video={video} />
        <VideoCard video={other} />
        <VideoCard video={buildVideo({ _id: 'new', title: 'Unwatched', duration: 60 })} />
      </>,
    );
    await screen.findByRole('progressbar', { name: 'Closures: watched' });
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
  });
});
