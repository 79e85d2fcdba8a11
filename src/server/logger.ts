import type { LogLevel } from './config';

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** Lines to stdout (debug, info) and stderr (warn, error), each with a timestamp and level. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** A logger that drops everything below `level`. */
export function createLogger(level: LogLevel): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>, message: string) => {
    if (rank[at] < rank[level]) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase()} ${message}\n`;
    (rank[at] >= rank.warn ? process.stderr : process.stdout).write(line);
  };
  return {
    debug: (message) => write('debug', message),
    info: (message) => write('info', message),
    warn: (message) => write('warn', message),
    error: (message) => write('error', message),
  };
}
