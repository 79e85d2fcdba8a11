import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { beginHydration, settleHydration } from './hydration';
import { useHydrated } from './use-hydrated';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';
import { onAPhone } from '../testing/on-a-phone';

/** What a screen shows from the browser-only values: the phone layout, and whether it is the app's. */
function Probe() {
  const phone = useMediaQuery(PHONE_QUERY);
  const hydrated = useHydrated();
  return (
    <p data-testid="probe">
      {phone ? 'phone' : 'wide'} {hydrated ? 'hydrated' : 'server'}
    </p>
  );
}

onAPhone();

describe('the values only the browser knows, on a page the server rendered', () => {
  it('keep the server’s answer through the hydration’s commit, and change in a task of their own after it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    document.body.append(container);
    beginHydration();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    // act runs the hydration, its commit and its effects (and any render they force at once).
    await act(async () => {
      root = hydrateRoot(container, <Probe />);
    });
    expect(screen.getByTestId('probe').textContent).toBe('wide server');
    act(() => settleHydration());
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('phone hydrated'));
    act(() => root?.unmount());
  });

  it('are there at once in a page the browser draws itself', () => {
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('phone hydrated');
  });
});
