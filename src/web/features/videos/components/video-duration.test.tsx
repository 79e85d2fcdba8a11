import { cleanup, render as renderInPage, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StoreProvider } from '../../../state/store-provider';
import { buildVideo } from '../../../testing/factories';
import { TrendingCard } from './trending-card';
import { UpNextCard } from './up-next-card';
import { VideoCard } from './video-card';

/** Cards link to the watch page, so they render inside a router (and the stores: watched bars). */
const render = (ui: ReactNode) =>
  renderInPage(
    <StoreProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </StoreProvider>,
  );

const cards = {
  'grid card': (video: ReturnType<typeof buildVideo>) => <VideoCard video={video} />,
  'compact row': (video: ReturnType<typeof buildVideo>) => <VideoCard video={video} compact />,
  'trending card': (video: ReturnType<typeof buildVideo>) => <TrendingCard video={video} />,
  'Up next card': (video: ReturnType<typeof buildVideo>) => <UpNextCard video={video} />,
};

describe("a video's length on its card", () => {
  // The trending card asks whether the screen is a desktop's (jsdom has no media queries).
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

  it.each(Object.entries(cards))(
    'shows it over the thumbnail of a %s, and says it in words',
    (_name, card) => {
      const { container } = render(card(buildVideo({ title: 'Grid', duration: 725 })));
      const badge = container.querySelector('[data-duration]');
      expect(badge?.textContent).toBe('12:05');
      // Drawn in the thumbnail's frame, beside the picture; a screen reader skips the digits…
      expect(badge!.parentElement!.querySelector('img')).not.toBeNull();
      expect(badge!.getAttribute('aria-hidden')).toBe('true');
      // …and hears the words after the title, in the card's link.
      expect(screen.getByText('12 minutes, 5 seconds').className).toBe('visually-hidden');
      expect(screen.getByRole('link', { name: /Grid 12 minutes, 5 seconds/ })).toBeTruthy();
    },
  );

  it.each(Object.entries(cards))(
    'shows no badge on a %s when the length is unknown',
    (_name, card) => {
      const { container } = render(card(buildVideo({ title: 'Grid' })));
      expect(container.querySelector('[data-duration]')).toBeNull();
      expect(screen.queryByText(/second/)).toBeNull();
    },
  );

  it('shows hours when a video has them', () => {
    const { container } = render(<VideoCard video={buildVideo({ duration: 3723 })} />);
    expect(container.querySelector('[data-duration]')!.textContent).toBe('1:02:03');
    expect(screen.getByText('1 hour, 2 minutes, 3 seconds')).toBeTruthy();
  });
});
