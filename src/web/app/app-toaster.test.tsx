import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_ERROR, toastFailure, withToasts } from '../lib/notify';
import { AppToaster } from './app-toaster';

// The toaster's library is not part of the page's first load (`npm run bench -- bundle-size`):
// it comes with the first toast, which must still show and be announced.
describe('the toaster', () => {
  // react-hot-toast asks whether motion is reduced; jsdom has no media queries.
  beforeEach(() => {
    vi.stubGlobal('matchMedia', () => ({
      matches: true,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draws nothing until the first toast, which then shows as a status a screen reader reads', async () => {
    const { container } = render(<AppToaster />);
    expect(container.innerHTML).toBe('');

    act(() => toastFailure(new Error('offline')));
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toBe(GENERIC_ERROR);
    expect(toast.getAttribute('aria-live')).toBe('polite');
  });

  it('keeps the order of the toasts asked for while it loaded: a success replaces its loading toast, with its Undo', async () => {
    const undo = vi.fn();
    render(<AppToaster />);
    await act(() =>
      withToasts(
        { loading: 'Removing…', success: 'Video removed successfully.' },
        async () => undefined,
        () => undefined,
        { undo },
      ),
    );
    expect(await screen.findByText('Video removed successfully.')).toBeTruthy();
    expect(screen.queryByText('Removing…')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
  });
});
