import { Presets, SingleBar } from 'cli-progress';
import type { ImportProgress } from './import-catalogue';

/**
 * The import's progress as a bar on stderr: the share of the file read while checking, records
 * written while importing. Only on a terminal: undefined when stderr is not a TTY (a pipe, a
 * file, CI), so logs stay clean.
 */
export function terminalProgress(
  stream: NodeJS.WriteStream = process.stderr,
): ImportProgress | undefined {
  if (!stream.isTTY) return undefined;
  let bar: SingleBar | undefined;
  return {
    start(phase, total) {
      const counts = phase === 'importing' ? ' | {value}/{total} records' : '';
      bar = new SingleBar(
        {
          stream,
          format: `${phase.padEnd(9)} [{bar}] {percentage}%${counts} | {eta_formatted} left`,
          hideCursor: true,
          etaBuffer: 50,
        },
        Presets.shades_classic,
      );
      bar.start(total, 0);
    },
    update(done) {
      bar?.update(done);
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}
