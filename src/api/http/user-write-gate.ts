import type { MiddlewareHandler } from 'hono';
import { USER_WRITES_IN_FLIGHT, USER_WRITES_WAITING } from '../../contract/limits';
import type { ApiEnv } from '../context';
import { ApiError } from './errors';

/** What a client refused for too many waiting writes is asked to wait. */
const RETRY_AFTER_SECONDS = 1;
/** Methods that never write. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Turns {
  running: number;
  waiting: (() => void)[];
}

/**
 * One user's writes in this process, `inFlight` at a time, the others waiting their turn in the
 * order they came (issue 26 #11): 60 parallel writes of one user hold at most `inFlight` of the
 * database's connections, and another user's request finds one free. Past `waiting` waiting
 * writes the next is refused at once (429 with Retry-After). Runs after requireUser; reads pass.
 */
export function userWriteGate(
  inFlight = USER_WRITES_IN_FLIGHT,
  waiting = USER_WRITES_WAITING,
): MiddlewareHandler<ApiEnv> {
  const users = new Map<string, Turns>();
  return async (c, next) => {
    if (READS.has(c.req.method)) return next();
    const userId = c.var.user._id;
    let turns = users.get(userId);
    if (!turns) {
      turns = { running: 0, waiting: [] };
      users.set(userId, turns);
    }
    if (turns.running >= inFlight) {
      if (turns.waiting.length >= waiting) {
        const refused = ApiError.of('tooManyRequests');
        refused.limit = 'user-writes-waiting';
        refused.headers['retry-after'] = String(RETRY_AFTER_SECONDS);
        throw refused;
      }
      // The turn is handed over by the write that ends (running stays counted).
      await new Promise<void>((turn) => turns.waiting.push(turn));
    } else {
      turns.running += 1;
    }
    try {
      await next();
    } finally {
      const following = turns.waiting.shift();
      if (following) following();
      else {
        turns.running -= 1;
        if (turns.running === 0) users.delete(userId);
      }
    }
  };
}
