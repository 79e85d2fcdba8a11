import { useCallback, useRef, useState } from 'react';

/**
 * One call at a time for a control: `run` ignores a second call while one is in flight (a
 * double-click on a slow connection would otherwise send the same write twice), and `busy`
 * disables the control meanwhile. The ref refuses at once, before the disabled state renders.
 */
export function useSingleFlight(): {
  busy: boolean;
  run: (work: () => Promise<unknown>) => Promise<void>;
} {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
