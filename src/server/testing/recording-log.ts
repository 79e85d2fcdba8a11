import type { LogFields, Logger } from '../logger';

/** A Logger that keeps its lines in memory, for tests that read what was logged. */
export function recordingLog() {
  const lines: { level: string; message: string; fields?: LogFields }[] = [];
  const at =
    (level: string) =>
    (message: string, fields?: LogFields): void => {
      lines.push({ level, message, fields });
    };
  const log: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
  return { lines, log };
}
