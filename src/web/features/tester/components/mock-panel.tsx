import { useEffect, useId, useState } from 'react';
import { testerTexts } from '../tester-texts';
import styles from './tester-page.module.css';

/** The parts of the in-page mock the panel drives; loaded on demand, in mock builds only. */
interface MockTools {
  reset: (() => Promise<void>) | undefined;
  readDelay: () => number;
  writeDelay: (ms: number) => void;
}

async function loadMockTools(): Promise<MockTools> {
  // Already loaded by main.tsx in mock mode, so this costs no download.
  const [{ installedMockBackend }, { readMockDelay, writeMockDelay }] = await Promise.all([
    import('../../../mock/install-mock'),
    import('../../../mock/mock-delay'),
  ]);
  const backend = installedMockBackend();
  return {
    reset: backend ? () => backend.reset() : undefined,
    readDelay: readMockDelay,
    writeDelay: writeMockDelay,
  };
}

function MockBackendControls() {
  const delayId = useId();
  const [tools, setTools] = useState<MockTools>();
  const [delay, setDelay] = useState('');
  const [status, setStatus] = useState('');
  const [resetting, setResetting] = useState(false);

  useEffect(() => {
    let current = true;
    void loadMockTools().then((loaded) => {
      if (!current) return;
      setTools(loaded);
      setDelay(String(loaded.readDelay()));
    });
    return () => {
      current = false;
    };
  }, []);

  function handleDelayChange(text: string) {
    setDelay(text);
    const ms = Number(text);
    // Half-typed or negative values stay in the box only; the mock keeps its last good delay.
    if (text.trim() !== '' && Number.isFinite(ms) && ms >= 0) tools?.writeDelay(ms);
  }

  async function handleReset() {
    if (!tools?.reset) return;
    setResetting(true);
    setStatus('');
    try {
      await tools.reset();
      setStatus(testerTexts.resetDone);
    } catch (error) {
      console.error('Request tester: resetting the mock data failed', error);
      setStatus(testerTexts.resetFailed);
    } finally {
      setResetting(false);
    }
  }

  return (
    <>
      <p className={styles.backendName}>{testerTexts.mockBackend}</p>
      <p className={styles.muted}>{testerTexts.mockBackendNote}</p>
      <div className={styles.panelControls}>
        <label className={styles.delay} htmlFor={delayId}>
          {testerTexts.delayLabel}
          <input
            id={delayId}
            className={styles.input}
            type="number"
            inputMode="numeric"
            min={0}
            step={100}
            value={delay}
            disabled={!tools}
            onChange={(event) => handleDelayChange(event.target.value)}
          />
        </label>
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={!tools?.reset || resetting}
          onClick={() => void handleReset()}
        >
          {testerTexts.resetMockData}
        </button>
      </div>
      <p role="status" className={styles.panelStatus}>
        {status}
      </p>
    </>
  );
}

/** Which backend answers this page's /api, and in mock mode its delay and a reset. */
export function MockPanel() {
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subheading}>
        {testerTexts.panelHeading}
      </h2>
      {/* A build-time constant: server builds drop the mock branch and its imports. */}
      {import.meta.env.VITE_BACKEND === 'mock' ? (
        <MockBackendControls />
      ) : (
        <>
          <p className={styles.backendName}>{testerTexts.serverBackend}</p>
          <p className={styles.muted}>{testerTexts.serverBackendNote}</p>
        </>
      )}
    </section>
  );
}
