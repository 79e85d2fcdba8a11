import { useId, useState, type FormEvent } from 'react';
import type {
  ForceableStatus,
  ForcedError,
  MockScenarios,
  ScenarioMethod,
} from '../../../mock/mock-scenarios';
import { testerTexts } from '../tester-texts';
import styles from './tester-page.module.css';

/** What the scenario controls need from the mock, handed over once it has loaded. */
export interface ScenarioTools {
  readScenarios: () => MockScenarios;
  writeScenarios: (scenarios: MockScenarios) => void;
  statuses: Readonly<Record<ForceableStatus, string>>;
  methods: readonly ScenarioMethod[];
}

const DEFAULT_STATUS: ForceableStatus = 500;

const sameForcedError = (a: ForcedError, b: ForcedError) =>
  a.method === b.method && a.path === b.path && a.status === b.status;

/**
 * The mock scenario panel: offline, and error statuses forced on routes. Each change is stored at
 * once, and the mock transport reads the stored scenarios on every request.
 */
export function MockScenarioControls({
  tools,
  paths,
  announce,
}: {
  tools: ScenarioTools;
  paths: readonly string[];
  /** Says something in the panel's status line. */
  announce: (message: string) => void;
}) {
  const ids = {
    offlineNote: useId(),
    heading: useId(),
    method: useId(),
    path: useId(),
    pathHint: useId(),
    pathError: useId(),
    paths: useId(),
    status: useId(),
  };
  const [scenarios, setScenarios] = useState(tools.readScenarios);
  const [method, setMethod] = useState<ScenarioMethod>('ANY');
  const [path, setPath] = useState('');
  const [status, setStatus] = useState<ForceableStatus>(DEFAULT_STATUS);
  const [pathError, setPathError] = useState(false);
  const statusCodes = Object.keys(tools.statuses).map(Number) as ForceableStatus[];

  function update(next: MockScenarios) {
    tools.writeScenarios(next);
    setScenarios(next);
  }

  function handleForce(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = path.trim();
    // The transport only answers /api in the page; any other path could never be forced.
    if (!/^\/api(\/|$)/.test(trimmed)) {
      setPathError(true);
      return;
    }
    setPathError(false);
    const forced: ForcedError = { method, path: trimmed, status };
    const others = scenarios.forcedErrors.filter((entry) => !sameForcedError(entry, forced));
    update({ ...scenarios, forcedErrors: [...others, forced] });
    announce('');
  }

  function describe(forced: ForcedError) {
    const methodText = forced.method === 'ANY' ? testerTexts.forceAnyMethod : forced.method;
    return testerTexts.forcedEntry(
      methodText,
      forced.path,
      forced.status,
      tools.statuses[forced.status],
    );
  }

  const hasScenarios = scenarios.offline || scenarios.forcedErrors.length > 0;

  return (
    <div className={styles.scenarios}>
      <div className={styles.switchField}>
        <label className={styles.switchLabel}>
          <input
            type="checkbox"
            role="switch"
            className={styles.checkbox}
            checked={scenarios.offline}
            aria-describedby={ids.offlineNote}
            onChange={(event) => update({ ...scenarios, offline: event.target.checked })}
          />
          {testerTexts.offlineLabel}
        </label>
        <p id={ids.offlineNote} className={styles.muted}>
          {testerTexts.offlineNote}
        </p>
      </div>

      <form className={styles.forceForm} aria-labelledby={ids.heading} onSubmit={handleForce}>
        <h3 id={ids.heading} className={styles.scenarioHeading}>
          {testerTexts.forceHeading}
        </h3>
        <div className={styles.forceFields}>
          <div className={styles.field}>
            <label className={styles.fieldLabel} htmlFor={ids.method}>
              {testerTexts.forceMethodLabel}
            </label>
            <select
              id={ids.method}
              className={styles.pickerSelect}
              value={method}
              onChange={(event) => setMethod(event.target.value as ScenarioMethod)}
            >
              {tools.methods.map((entry) => (
                <option key={entry} value={entry}>
                  {entry === 'ANY' ? testerTexts.forceAnyMethod : entry}
                </option>
              ))}
            </select>
          </div>
          <div className={`${styles.field} ${styles.forcePath}`}>
            <label className={styles.fieldLabel} htmlFor={ids.path}>
              {testerTexts.forcePathLabel}
            </label>
            <input
              id={ids.path}
              className={styles.input}
              type="text"
              list={ids.paths}
              autoComplete="off"
              spellCheck={false}
              placeholder="/api/videos"
              value={path}
              aria-invalid={pathError}
              aria-describedby={pathError ? `${ids.pathError} ${ids.pathHint}` : ids.pathHint}
              onChange={(event) => setPath(event.target.value)}
            />
            <datalist id={ids.paths}>
              {paths.map((entry) => (
                <option key={entry} value={entry} />
              ))}
            </datalist>
          </div>
          <div className={styles.field}>
            <label className={styles.fieldLabel} htmlFor={ids.status}>
              {testerTexts.forceStatusLabel}
            </label>
            <select
              id={ids.status}
              className={styles.pickerSelect}
              value={status}
              onChange={(event) => setStatus(Number(event.target.value) as ForceableStatus)}
            >
              {statusCodes.map((code) => (
                <option key={code} value={code}>
                  {code} {tools.statuses[code]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={styles.secondaryButton}>
            {testerTexts.forceAdd}
          </button>
        </div>
        <p id={ids.pathHint} className={styles.hint}>
          {testerTexts.forcePathHint}
        </p>
        {pathError && (
          <p id={ids.pathError} className={styles.errorText}>
            {testerTexts.forcePathError}
          </p>
        )}
      </form>

      {scenarios.forcedErrors.length === 0 ? (
        <p className={styles.muted}>{testerTexts.forcedNone}</p>
      ) : (
        <ul className={styles.forcedList} aria-label={testerTexts.forcedListLabel}>
          {scenarios.forcedErrors.map((forced) => {
            const text = describe(forced);
            return (
              <li
                key={`${forced.method} ${forced.path} ${forced.status}`}
                className={styles.forcedEntry}
              >
                <span className={styles.forcedText}>{text}</span>
                <button
                  type="button"
                  className={styles.linkButton}
                  aria-label={testerTexts.forceRemove(text)}
                  onClick={() =>
                    update({
                      ...scenarios,
                      forcedErrors: scenarios.forcedErrors.filter(
                        (entry) => !sameForcedError(entry, forced),
                      ),
                    })
                  }
                >
                  {testerTexts.forceRemoveShort}
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <div className={styles.panelControls}>
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={!hasScenarios}
          onClick={() => {
            update({ offline: false, forcedErrors: [] });
            announce(testerTexts.scenariosCleared);
          }}
        >
          {testerTexts.clearScenarios}
        </button>
      </div>
    </div>
  );
}
