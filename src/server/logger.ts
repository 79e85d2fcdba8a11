import pino from 'pino';
import type { LogFormat, LogLevel } from './config';

/** Structured fields that travel with a line (request id, status, an error under `err`). */
export type LogFields = Record<string, unknown>;

/**
 * What the server logs through: a message and, optionally, fields to keep beside it. The server's
 * own logger (createLogger) writes JSON lines through pino; tests pass simple fakes.
 */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** The server's logger, which can also log a fatal error and write out its buffer at once. */
export interface ServerLogger extends Logger {
  fatal(message: string, fields?: LogFields): void;
  /** Writes out every buffered line synchronously (done on process exit too). */
  flush(): void;
}

/**
 * LOG_FORMAT unset ('auto'): pino-pretty's readable lines when a person watches (stdout is a
 * terminal) outside production, JSON lines for everything else (pipes, files, log collectors).
 */
export function resolveLogFormat(
  format: LogFormat,
  where: { isTTY: boolean; nodeEnv: string | undefined },
): 'json' | 'pretty' {
  if (format !== 'auto') return format;
  return where.isTTY && where.nodeEnv !== 'production' ? 'pretty' : 'json';
}

/**
 * Lines are buffered and written by pino's asynchronous destination (sonic-boom): a request
 * costs no write call of its own. At most one pipe buffer (4 KiB, which the kernel writes whole)
 * per write, cut between lines, so the lines of several worker processes sharing one stdout never
 * interleave. Whatever is still buffered is written synchronously when the process exits.
 */
function stdoutDestination() {
  return pino.destination({ dest: 1, sync: false, maxWrite: 4096 });
}

export interface LoggerOptions {
  level: LogLevel;
  format: LogFormat;
  /** Where the lines go; stdout by default (tests pass a collecting stream). */
  destination?: { write(line: string): unknown; flushSync?(): void };
}

/**
 * A pino logger: one JSON object per line on stdout with `level` (debug, info, warn, error,
 * fatal), an ISO `time`, `pid`, `hostname` and `msg`, plus any fields given. Pretty lines come
 * from pino-pretty, which is loaded only when asked for.
 */
export async function createLogger(options: LoggerOptions): Promise<ServerLogger> {
  const format = resolveLogFormat(options.format, {
    isTTY: Boolean(process.stdout.isTTY),
    nodeEnv: process.env.NODE_ENV,
  });
  let destination = options.destination ?? stdoutDestination();
  if (format === 'pretty') {
    const { prettyFactory } = await import('pino-pretty');
    const prettify = prettyFactory({
      colorize: Boolean(process.stdout.isTTY) && !options.destination,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'hostname',
    });
    const json = destination;
    destination = {
      write: (line: string) => json.write(prettify(line)),
      flushSync: () => json.flushSync?.(),
    };
  }
  const logger = pino(
    {
      level: options.level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error' | 'fatal') =>
    (message: string, fields?: LogFields) => {
      if (fields) logger[level](fields, message);
      else logger[level](message);
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
    flush: () => {
      try {
        destination.flushSync?.();
      } catch {
        // Not ready or already closed: nothing more can be written.
      }
    },
  };
}
