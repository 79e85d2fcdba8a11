import { useState } from 'react';

/**
 * What a screen shows while its changes are on their way: `stored` with every pending change laid
 * over it, in the order they were made. Each change is dropped when its call ends, done or failed,
 * so a success shows the store's new value and a failure shows what the store still holds.
 * (React 19's useOptimistic does this too, but only for changes made inside an async transition;
 * this one needs neither, and its tests pin down the order in which changes are laid over.)
 */
export function useOptimisticState<T extends object>(
  stored: T,
): [shown: T, change: (change: Partial<T>, call: () => Promise<unknown>) => void] {
  const [pending, setPending] = useState<readonly Partial<T>[]>([]);
  const shown = pending.reduce<T>((current, change) => ({ ...current, ...change }), stored);
  const change = (change: Partial<T>, call: () => Promise<unknown>) => {
    setPending((list) => [...list, change]);
    const drop = () => setPending((list) => list.filter((item) => item !== change));
    void call().then(drop, (error: unknown) => {
      drop();
      throw error;
    });
  };
  return [shown, change];
}
