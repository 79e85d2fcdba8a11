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

/** The server's logger, which can also log a fatal error and write out its buffer before exit. */
export interface ServerLogger extends Logger {
  fatal(message: string, fields?: LogFields): void;
  /**
   * Waits until every line is written (the write under way included), then takes no more: call
   * it right before process.exit. An exit without it still writes the buffer (pino does so
   * synchronously), but a line already being written then may land after later ones.
   */
  close(): Promise<void>;
}

/** The most close() waits for a stuck stdout before the process exits anyway. */
const CLOSE_WAIT_MS = 2_000;

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
  destination?: { write(line: string): unknown };
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
  const stdout = options.destination ? undefined : stdoutDestination();
  let destination = options.destination ?? stdout!;
  if (format === 'pretty') {
    const { prettyFactory } = await import('pino-pretty');
    const prettify = prettyFactory({
      colorize: Boolean(process.stdout.isTTY) && !options.destination,
      translateTime: 'SYS:HH:MM:ss.l',
      // A request's message says its method, path, status and time already: its id remains.
      ignore: 'hostname,method,path,status,ms',
      singleLine: true,
    });
    const json = destination;
    destination = { write: (line: string) => json.write(prettify(line)) };
  }
  const logger = pino(
    {
      level: options.level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  let closing: Promise<void> | undefined;
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error' | 'fatal') =>
    (message: string, fields?: LogFields) => {
      try {
        if (fields) logger[level](fields, message);
        else logger[level](message);
      } catch {
        // After close() (the process is exiting) a late line is dropped rather than thrown.
      }
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
    close: () =>
      (closing ??= new Promise<void>((done) => {
        if (!stdout) return done();
        const timer = setTimeout(done, CLOSE_WAIT_MS);
        const finished = () => {
          clearTimeout(timer);
          done();
        };
        stdout.once('close', finished);
        stdout.once('error', finished);
        // Ends after the write under way and whatever is buffered; stdout itself stays open.
        stdout.end();
      })),
  };
}
