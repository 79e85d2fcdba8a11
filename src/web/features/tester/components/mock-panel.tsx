import { useEffect, useId, useState } from 'react';
import { localStore } from '../../../lib/safe-storage';
import type { MockScenarios } from '../../../mock/mock-scenarios';
import { testerTexts } from '../tester-texts';
import { MockScenarioControls, type ScenarioTools } from './mock-scenario-controls';
import styles from './tester-page.module.css';

/** The slider's range (ms): wide enough to feel a slow backend, short enough to keep testing. */
const DELAY_MAX_MS = 3000;
const DELAY_STEP_MS = 50;

/** The parts of the in-page mock the panel drives; loaded on demand, in mock builds only. */
interface MockTools extends ScenarioTools {
  reset: (() => Promise<void>) | undefined;
  readDelay: () => number;
  writeDelay: (ms: number) => void;
}

async function loadMockTools(): Promise<MockTools> {
  // Already loaded by main.tsx in mock mode, so this costs no download.
  const [
    { installedMockBackend },
    { readMockDelay, writeMockDelay },
    { readMockScenarios, writeMockScenarios, FORCEABLE_STATUSES, SCENARIO_METHODS },
  ] = await Promise.all([
    import('../../../mock/install-mock'),
    import('../../../mock/mock-delay'),
    import('../../../mock/mock-scenarios'),
  ]);
  const backend = installedMockBackend();
  return {
    reset: backend ? () => backend.reset() : undefined,
    readDelay: readMockDelay,
    writeDelay: writeMockDelay,
    readScenarios: () => readMockScenarios(localStore),
    writeScenarios: (scenarios: MockScenarios) => writeMockScenarios(localStore, scenarios),
    statuses: FORCEABLE_STATUSES,
    methods: SCENARIO_METHODS,
  };
}

function MockBackendControls({ paths }: { paths: readonly string[] }) {
  const delayId = useId();
  const [tools, setTools] = useState<MockTools>();
  const [delay, setDelay] = useState(0);
  const [status, setStatus] = useState('');
  const [resetting, setResetting] = useState(false);

  useEffect(() => {
    let current = true;
    void loadMockTools().then((loaded) => {
      if (!current) return;
      setTools(loaded);
      setDelay(Math.min(loaded.readDelay(), DELAY_MAX_MS));
    });
    return () => {
      current = false;
    };
  }, []);

  function handleDelayChange(ms: number) {
    setDelay(ms);
    tools?.writeDelay(ms);
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
        <div className={styles.delay}>
          <label htmlFor={delayId}>{testerTexts.delayLabel}</label>
          <div className={styles.sliderLine}>
            <input
              id={delayId}
              className={styles.slider}
              type="range"
              min={0}
              max={DELAY_MAX_MS}
              step={DELAY_STEP_MS}
              value={delay}
              disabled={!tools}
              aria-valuetext={testerTexts.delayValue(delay)}
              onChange={(event) => handleDelayChange(Number(event.target.value))}
            />
            {/* Screen readers hear the slider's own value text; this is for the eye. */}
            <span className={styles.sliderValue} aria-hidden="true">
              {testerTexts.delayValue(delay)}
            </span>
          </div>
        </div>
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={!tools?.reset || resetting}
          onClick={() => void handleReset()}
        >
          {testerTexts.resetMockData}
        </button>
      </div>
      {tools && <MockScenarioControls tools={tools} paths={paths} announce={setStatus} />}
      <p role="status" className={styles.panelStatus}>
        {status}
      </p>
    </>
  );
}

/**
 * Which backend answers this page's /api; in mock mode also its delay, the scenarios and a reset.
 * `paths` are the API's documented paths, offered when forcing an error.
 */
export function MockPanel({ paths = [] }: { paths?: readonly string[] }) {
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subheading}>
        {testerTexts.panelHeading}
      </h2>
      {/* A build-time constant: server builds drop the mock branch and its imports. */}
      {import.meta.env.VITE_BACKEND === 'mock' ? (
        <MockBackendControls paths={paths} />
      ) : (
        <>
          <p className={styles.backendName}>{testerTexts.serverBackend}</p>
          <p className={styles.muted}>{testerTexts.serverBackendNote}</p>
        </>
      )}
    </section>
  );
}
