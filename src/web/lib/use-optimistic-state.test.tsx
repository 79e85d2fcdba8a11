import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useOptimisticState } from './use-optimistic-state';

/** A call the test answers when it wants: `succeed` or `fail`. */
function deferred() {
  let succeed = () => {};
  let fail = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    succeed = resolve;
    fail = () => reject(new Error('refused'));
  });
  return { promise, succeed, fail };
}

function Toggles({ calls }: { calls: ReturnType<typeof deferred>[] }) {
  const [stored, setStored] = useState({ liked: false, saved: false });
  const [shown, change] = useOptimisticState(stored);
  const press = (key: 'liked' | 'saved') => {
    const call = calls.shift()!;
    change({ [key]: !stored[key] }, async () => {
      // A service catches its own failure (and toasts it); the store changes only on success.
      try {
        await call.promise;
        setStored((current) => ({ ...current, [key]: !current[key] }));
      } catch {
        // left as stored
      }
    });
  };
  return (
    <>
      <button aria-pressed={shown.liked} onClick={() => press('liked')}>
        Like
      </button>
      <button aria-pressed={shown.saved} onClick={() => press('saved')}>
        Save
      </button>
    </>
  );
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('useOptimisticState', () => {
  afterEach(cleanup);

  it('shows a change at once and keeps it when its call succeeds', async () => {
    const like = deferred();
    render(<Toggles calls={[like]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(pressed('Like')).toBe('true');
    await act(async () => like.succeed());
    expect(pressed('Like')).toBe('true');
  });

  it('falls back to what is stored when the call fails', async () => {
    const like = deferred();
    render(<Toggles calls={[like]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(pressed('Like')).toBe('true');
    await act(async () => like.fail());
    expect(pressed('Like')).toBe('false');
  });

  it('shows two changes on their way at once, each ending on its own', async () => {
    const like = deferred();
    const save = deferred();
    render(<Toggles calls={[like, save]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect([pressed('Like'), pressed('Save')]).toEqual(['true', 'true']);
    await act(async () => save.fail());
    expect([pressed('Like'), pressed('Save')]).toEqual(['true', 'false']);
    await act(async () => like.succeed());
    expect([pressed('Like'), pressed('Save')]).toEqual(['true', 'false']);
  });
});
