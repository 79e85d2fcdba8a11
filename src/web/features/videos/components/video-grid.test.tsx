import { Profiler, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { beginHydration, settleHydration } from '../../../lib/hydration';
import { StoreProvider } from '../../../state/store-provider';
import { buildVideo } from '../../../testing/factories';
import { VideoGrid } from './video-grid';
import { onAPhone } from '../../../testing/on-a-phone';

onAPhone();

describe('a grid of video cards on a rendered page', () => {
  it('is not drawn again when the hydration settles on a phone: it looks the same at every width', async () => {
    const videos = Array.from({ length: 12 }, () => buildVideo());
    const renders: string[] = [];
    const page = (grid: ReactNode) => (
      <StoreProvider>
        <MemoryRouter>{grid}</MemoryRouter>
      </StoreProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(<VideoGrid videos={videos} label="Videos" />));
    document.body.append(container);
    beginHydration();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        page(
          <Profiler id="grid" onRender={(_id, phase) => renders.push(phase)}>
            <VideoGrid videos={videos} label="Videos" />
          </Profiler>,
        ),
      );
    });
    expect(renders).toEqual(['mount']);
    // The phone's width shows now, in a task after the commit: nothing here depends on it.
    await act(async () => {
      settleHydration();
      await new Promise((done) => setTimeout(done, 10));
    });
    expect(renders).toEqual(['mount']);
    // A list the user keeps is rows on a phone: that one changes.
    const rows = render(page(<VideoGrid videos={videos} label="Kept" rowsOnPhones />));
    expect(screen.getByRole('list', { name: 'Kept' }).className).not.toBe(
      screen.getByRole('list', { name: 'Videos' }).className,
    );
    rows.unmount();
    act(() => root?.unmount());
  });
});
