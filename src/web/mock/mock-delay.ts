import { MOCK_RESPONSE_DELAY_MS } from '../../contract/limits';
import { localStore } from '../lib/safe-storage';

const DELAY_KEY = 'codetube:mock-delay';

/** The mock's response delay: the mock panel's choice, else the build's, else product §9's 400 ms. */
export function readMockDelay(): number {
  const stored = Number(localStore.getItem(DELAY_KEY) ?? Number.NaN);
  if (Number.isFinite(stored) && stored >= 0) return stored;
  const built = Number(import.meta.env.VITE_MOCK_DELAY_MS ?? Number.NaN);
  return Number.isFinite(built) && built >= 0 ? built : MOCK_RESPONSE_DELAY_MS;
}

/** Remembers the mock panel's response delay in this browser (when storage lets it). */
export function writeMockDelay(ms: number): void {
  localStore.setItem(DELAY_KEY, String(Math.max(0, Math.round(ms))));
}
