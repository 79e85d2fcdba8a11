import { describe, expect, it } from 'vitest';
import { createLogger, resolveLogFormat } from './logger';

/** A destination that keeps every line it is given. */
function collector() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => lines.push(line) } };
}

describe('resolveLogFormat', () => {
  it('is pretty only for a terminal outside production, unless LOG_FORMAT says', () => {
    expect(resolveLogFormat('auto', { isTTY: true, nodeEnv: undefined })).toBe('pretty');
    expect(resolveLogFormat('auto', { isTTY: true, nodeEnv: 'production' })).toBe('json');
    expect(resolveLogFormat('auto', { isTTY: false, nodeEnv: 'development' })).toBe('json');
    expect(resolveLogFormat('pretty', { isTTY: false, nodeEnv: 'production' })).toBe('pretty');
    expect(resolveLogFormat('json', { isTTY: true, nodeEnv: undefined })).toBe('json');
  });
});

describe('createLogger', () => {
  it('writes one JSON object per line, with level, time, pid, message and fields', async () => {
    const { lines, destination } = collector();
    const log = await createLogger({ level: 'info', format: 'json', destination });
    log.debug('not at info');
    log.info('GET /api/health 200 1.0ms', { reqId: 'abc', status: 200 });
    log.error('failed', { err: new Error('boom') });
    expect(lines).toHaveLength(2);
    const [request, failure] = lines.map((line) => JSON.parse(line));
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(
      true,
    );
    expect(request).toMatchObject({
      level: 'info',
      pid: process.pid,
      msg: 'GET /api/health 200 1.0ms',
      reqId: 'abc',
      status: 200,
    });
    expect(new Date(request.time).toISOString()).toBe(request.time);
    expect(failure).toMatchObject({ level: 'error', msg: 'failed', err: { message: 'boom' } });
    expect(failure.err.stack).toContain('boom');
  });

  it('keeps the LOG_LEVEL values: warn drops info, silent drops everything', async () => {
    const warn = collector();
    const atWarn = await createLogger({ level: 'warn', format: 'json', ...warn });
    atWarn.info('dropped');
    atWarn.warn('kept');
    expect(warn.lines.map((line) => JSON.parse(line).msg)).toEqual(['kept']);
    const silent = collector();
    const quiet = await createLogger({ level: 'silent', format: 'json', ...silent });
    quiet.error('dropped');
    quiet.fatal('dropped too');
    expect(silent.lines).toEqual([]);
  });

  it('writes readable lines through pino-pretty when asked', async () => {
    const { lines, destination } = collector();
    const log = await createLogger({ level: 'info', format: 'pretty', destination });
    log.info('CodeTube listening on http://127.0.0.1:3000', { workers: [11, 12] });
    log.info('GET /api/health 200 1.0ms', { reqId: 'abc', method: 'GET', status: 200, ms: 1 });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(\d+\): CodeTube listening on http:\/\/127\.0\.0\.1:3000 \{"workers":\[11,12\]\}\n$/,
    );
    // The fields the message already says are left out.
    expect(lines[1]).toMatch(/INFO \(\d+\): GET \/api\/health 200 1\.0ms \{"reqId":"abc"\}\n$/);
  });
});
