/**
 * The `abuse` bench's attacker, a process of its own (forked by abuse.bench.ts) so that its sending
 * never delays the real user's requests in the bench's event loop. It receives one AttackOrder over
 * IPC, sends `ready` once the attack is at full strength, keeps it up until told to stop (or, at
 * the latest, until its own deadline: every attack ends by itself), then sends its tally and exits.
 * Every attacker sends from loopback addresses other than the real user's 127.0.0.1.
 */
import { setMaxListeners } from 'node:events';
import type { Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import {
  clientAgent,
  send,
  sleep,
  StatusTally,
  strongPassword,
  type SendOptions,
} from './abuse-client';
import { MAX_NEW_PASSWORD_LENGTH } from '../../src/contract/limits';

export const attackNames = [
  'redos',
  'stalled-bodies',
  'login-crowd',
  'crafted-search',
  'hash-flood',
] as const;
export type AttackName = (typeof attackNames)[number];

export interface AttackOrder {
  attack: AttackName;
  url: string;
  /** The real user's email: the login crowd also guesses its password. */
  victimEmail: string;
  /** The attacker stops by itself this long after it starts, told or not. */
  maxMs: number;
}

export interface AttackTally {
  /** Requests sent (stalled bodies: sockets opened). */
  sent: number;
  /** The answers' statuses (0: none: reset, refused or cut at the end). */
  statuses: Record<string, number>;
  /** Anything else worth printing (stalled bodies: how many sockets the server dropped). */
  note: string;
}

export type AttackerMessage =
  { type: 'ready' } | { type: 'done'; tally: AttackTally } | { type: 'failed'; message: string };

/** The ReDoS email of finding 1: 80 KB that the email pattern once took seconds over. */
export const REDOS_EMAIL = `a@${'a.'.repeat(40_000)}@`;
const REDOS_PARALLEL = 8;
const STALLED_SOCKETS = 140;
/** Bytes each stalled socket sends of the body it declares (the body limit, 1 MiB). */
const STALLED_SENT = 1_000_000;
const STALLED_DECLARED = 1024 * 1024;
const CROWD_ADDRESSES = 30;
const CROWD_PER_ADDRESS = 2;
/** Of the crowd's guesses, the share aimed at the real user's account (the rest: unknown emails). */
const CROWD_VICTIM_SHARE = 0.2;
const SEARCH_PARALLEL = 8;
const FLOOD_PARALLEL = 100;
/** The longest password a signup takes: each one costs a full hash (longer ones get a quick 422). */
const FLOOD_PASSWORD_LENGTH = MAX_NEW_PASSWORD_LENGTH;

const post = (path: string, json: unknown): Omit<SendOptions, 'timeoutMs'> => ({
  method: 'POST',
  path,
  json,
});

/**
 * `slots` loops, each sending its next request when the last one is answered and at most once
 * per `minIntervalMs` (an instant refusal must not turn the loop into a spin that steals the
 * machine's CPU from the server), until `stopped`.
 */
async function slotLoops(
  slots: number,
  minIntervalMs: number,
  agentFor: (slot: number) => Agent,
  next: (slot: number, index: number) => Omit<SendOptions, 'timeoutMs'>,
  run: AttackRun,
) {
  let index = 0;
  await Promise.all(
    Array.from({ length: slots }, async (_, slot) => {
      while (!run.stopped) {
        const started = performance.now();
        run.tally.sent += 1;
        const answer = await send(run.url, agentFor(slot), {
          ...next(slot, index++),
          timeoutMs: run.maxMs,
          signal: run.abort.signal,
        });
        if (run.stopped && answer.status === 0) break; // cut at the end: not an answer
        run.statuses.add(answer.status);
        const wait = started + minIntervalMs - performance.now();
        if (wait > 0 && !run.stopped) await sleep(wait);
      }
    }),
  );
}

interface AttackRun {
  url: string;
  maxMs: number;
  stopped: boolean;
  abort: AbortController;
  tally: AttackTally;
  statuses: StatusTally;
  ready: () => void;
  /** Resolves once stopped. */
  whenStopped: Promise<void>;
}

const signupBody = (email: string, password: string) => ({
  firstName: 'Mallory',
  lastName: 'Attacker',
  email,
  password,
});

async function redos(run: AttackRun) {
  const agent = clientAgent('127.0.1.1', REDOS_PARALLEL);
  setTimeout(run.ready, 300);
  await slotLoops(
    REDOS_PARALLEL,
    250,
    () => agent,
    () => post('/api/auth/signup', signupBody(REDOS_EMAIL, strongPassword())),
    run,
  );
  agent.destroy();
}

/**
 * 140 sockets each declaring a 1 MiB JSON body, sending ~1 MB of it, then nothing. A socket the
 * server closes (a read timeout, a refusal) is opened again 100 ms later, so that 140 are held as
 * long as the server lets them be.
 */
async function stalledBodies(run: AttackRun) {
  const { hostname, port } = new URL(run.url);
  const head = Buffer.from(
    `POST /api/auth/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${STALLED_DECLARED}\r\n\r\n`,
  );
  const prefix = '{"email":"stalled@example.com","password":"';
  const body = Buffer.alloc(STALLED_SENT, 'a');
  body.write(prefix);
  const open = new Set<Socket>();
  let filled = 0;
  // Full strength once every socket has handed its megabyte to the kernel, or after 5 s.
  setTimeout(run.ready, 5000);
  let dropped = 0;
  let closedByServer = 0;
  const openOne = () => {
    if (run.stopped) return;
    run.tally.sent += 1;
    const socket = connect({ host: hostname, port: Number(port), localAddress: '127.0.2.1' });
    open.add(socket);
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      if (answered) return;
      answered = true;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1];
      run.statuses.add(Number(status ?? 0));
    });
    socket.on('error', () => {});
    socket.once('close', () => {
      open.delete(socket);
      if (run.stopped) return;
      dropped += 1;
      if (!answered) closedByServer += 1;
      setTimeout(openOne, 100);
    });
    socket.write(head);
    socket.write(body, () => {
      filled += 1;
      if (filled === STALLED_SOCKETS) setTimeout(run.ready, 500);
    });
  };
  for (let index = 0; index < STALLED_SOCKETS; index += 1) openOne();
  await run.whenStopped;
  for (const socket of open) socket.destroy();
  run.tally.note = `${dropped} sockets dropped by the server and reopened (${closedByServer} without an answer)`;
}

/**
 * 30 addresses (127.0.0.2–127.0.0.31), two guesses in flight each: unknown emails (no hash to
 * check today), and one in five the real user's email with a wrong password.
 */
async function loginCrowd(run: AttackRun, victimEmail: string) {
  const agents = Array.from({ length: CROWD_ADDRESSES }, (_, index) =>
    clientAgent(`127.0.0.${index + 2}`, CROWD_PER_ADDRESS),
  );
  setTimeout(run.ready, 2000);
  await slotLoops(
    CROWD_ADDRESSES * CROWD_PER_ADDRESS,
    100,
    (slot) => agents[slot % CROWD_ADDRESSES]!,
    (_, index) =>
      post('/api/auth/login', {
        email:
          Math.random() < CROWD_VICTIM_SHARE
            ? victimEmail
            : `nobody-${index}-${Date.now()}@example.com`,
        password: strongPassword(),
      }),
    run,
  );
  for (const agent of agents) agent.destroy();
}

/**
 * Finding 5's search (`S #`: a trigram of ~half the titles, none of which then matches case-sensitively), 8 at a time, each
 * made cold by a valid parameter (limit and offset) rather than by an unknown one, which the cache
 * may learn to ignore: every request is a real read.
 */
async function craftedSearch(run: AttackRun) {
  const agent = clientAgent('127.0.3.1', SEARCH_PARALLEL);
  setTimeout(run.ready, 1000);
  await slotLoops(
    SEARCH_PARALLEL,
    50,
    () => agent,
    (_, index) => ({
      path: `/api/videos?search=S%20%23&limit=${1 + (index % 100)}&offset=${Math.floor(index / 100)}`,
    }),
    run,
  );
  agent.destroy();
}

/** 100 signups in parallel with 128-character passwords and new emails, from 100 addresses. */
async function hashFlood(run: AttackRun) {
  const agents = Array.from({ length: FLOOD_PARALLEL }, (_, index) =>
    clientAgent(`127.0.4.${index + 1}`, 1),
  );
  const stamp = Date.now().toString(36);
  setTimeout(run.ready, 1000);
  await slotLoops(
    FLOOD_PARALLEL,
    100,
    (slot) => agents[slot]!,
    (_, index) =>
      post(
        '/api/auth/signup',
        signupBody(`flood-${stamp}-${index}@example.com`, strongPassword(FLOOD_PASSWORD_LENGTH)),
      ),
    run,
  );
  for (const agent of agents) agent.destroy();
}

async function attack(
  order: AttackOrder,
  emit: (message: AttackerMessage) => void,
): Promise<AttackTally> {
  let stop = () => {};
  const whenStopped = new Promise<void>((done) => (stop = done));
  let readySent = false;
  const abort = new AbortController();
  // Every request in flight listens to it (up to 100 at a time).
  setMaxListeners(0, abort.signal);
  const run: AttackRun = {
    url: order.url,
    maxMs: order.maxMs,
    stopped: false,
    abort,
    tally: { sent: 0, statuses: {}, note: '' },
    statuses: new StatusTally(),
    ready: () => {
      if (readySent || run.stopped) return;
      readySent = true;
      emit({ type: 'ready' });
    },
    whenStopped,
  };
  const end = () => {
    if (run.stopped) return;
    run.stopped = true;
    run.abort.abort();
    stop();
  };
  process.on('message', (message: { type: string }) => {
    if (message.type === 'stop') end();
  });
  const deadline = setTimeout(end, order.maxMs);
  const attacks: Record<AttackName, () => Promise<void>> = {
    redos: () => redos(run),
    'stalled-bodies': () => stalledBodies(run),
    'login-crowd': () => loginCrowd(run, order.victimEmail),
    'crafted-search': () => craftedSearch(run),
    'hash-flood': () => hashFlood(run),
  };
  await attacks[order.attack]();
  clearTimeout(deadline);
  return { ...run.tally, statuses: run.statuses.counts };
}

if (process.send) {
  const emit = (message: AttackerMessage) => process.send?.(message);
  // Sent, then gone: no reopening timer or agent keeps this process alive.
  const leave = (message: AttackerMessage) =>
    process.send?.(message, undefined, {}, () => process.exit(0));
  process.once('message', (order: AttackOrder) => {
    attack(order, emit).then(
      (tally) => leave({ type: 'done', tally }),
      (error: unknown) =>
        leave({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  });
}
