import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEXT_COUNTDOWN_SECONDS, NextCountdown } from './next-countdown';

function Where() {
  return <p data-testid="where">{useLocation().pathname + useLocation().search}</p>;
}

function renderAt(onCancel = vi.fn()) {
  render(
    <MemoryRouter initialEntries={['/watch/a?list=p']}>
      <Routes>
        <Route
          path="/watch/a"
          element={<NextCountdown title="Second" to="/watch/b?list=p" onCancel={onCancel} />}
        />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return onCancel;
}

describe('the countdown to the next video', () => {
  // The page's clock is the test's: a second passes when the test says so.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('says what comes next, counts down each second, then opens it', () => {
    renderAt();
    expect(screen.getByRole('status').textContent).toBe('Up next: Second');
    expect(screen.getByText(`Starts in ${NEXT_COUNTDOWN_SECONDS} s`)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText(`Starts in ${NEXT_COUNTDOWN_SECONDS - 1} s`)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/watch/a?list=p');
    act(() => {
      vi.advanceTimersByTime((NEXT_COUNTDOWN_SECONDS - 1) * 1000);
    });
    expect(screen.getByTestId('where').textContent).toBe('/watch/b?list=p');
  });

  it('Cancel tells the page, and Play now goes at once', () => {
    const onCancel = renderAt();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
    expect(screen.getByTestId('where').textContent).toBe('/watch/b?list=p');
  });
});
