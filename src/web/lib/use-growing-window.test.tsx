import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useGrowingWindow, WINDOW_STEP } from './use-growing-window';

function List({ total, filter }: { total: number; filter: string }) {
  const { size, hasMore, showMore, sentinel } = useGrowingWindow(total, filter);
  return (
    <>
      <ul aria-label="items">
        {Array.from({ length: size }, (_, index) => (
          <li key={index}>{index}</li>
        ))}
      </ul>
      {hasMore && (
        <div ref={sentinel}>
          <button onClick={showMore}>more</button>
        </div>
      )}
    </>
  );
}

describe('useGrowingWindow', () => {
  afterEach(cleanup);
  const items = () => screen.getAllByRole('listitem').length;

  it('renders one window of a long list and grows by a window at a time', () => {
    render(<List total={10_000} filter="" />);
    expect(items()).toBe(WINDOW_STEP);
    fireEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(items()).toBe(2 * WINDOW_STEP);
  });

  it('stops at the end of the list and starts over when the filter changes', () => {
    const { rerender } = render(<List total={30} filter="a" />);
    fireEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(items()).toBe(30);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<List total={500} filter="b" />);
    expect(items()).toBe(WINDOW_STEP);
  });
});
