import { Worker } from 'node:worker_threads';
import { webCryptoDerive, type DeriveKey } from '../../api/auth/password';

/**
 * The nice value of the thread that hashes signups and strangers' logins. At 10 the scheduler
 * gives it about a tenth of what a normal thread gets when both want a core: a flood of signups
 * then takes only the CPU that serving pages leaves over, instead of a core per worker process.
 */
export const BACKGROUND_NICE = 10;

// The thread's code, run as a CommonJS script (no file to bundle or find next to the server).
// Linux names the calling thread in /proc/thread-self; setPriority on that id lowers this thread
// only (raising a nice value needs no privilege). Elsewhere the thread keeps the normal priority.
const THREAD_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const { pbkdf2Sync } = require('node:crypto');
try {
  const thread = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(thread, workerData.nice);
} catch {}
parentPort.on('message', ({ id, password, salt, iterations }) => {
  try {
    parentPort.postMessage({ id, key: pbkdf2Sync(password, salt, iterations, 32, 'sha256') });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

interface Reply {
  id: number;
  key?: Uint8Array;
  error?: string;
}

/** One low-priority thread deriving keys one after another; started at first use, replaced if it stops. */
class BackgroundThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<
    number,
    { resolve: (key: Uint8Array) => void; reject: (error: Error) => void }
  >();
  private lastId = 0;

  constructor(private readonly nice: number) {}

  derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
    const worker = this.worker ?? this.start();
    const id = (this.lastId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held open only while it has work: an idle thread never keeps the process alive.
      worker.ref();
      worker.postMessage({ id, password, salt, iterations });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the hashing thread was closed'));
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(THREAD_SCRIPT, { eval: true, workerData: { nice: this.nice } });
    worker.unref();
    worker.on('message', ({ id, key, error }: Reply) => {
      const call = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      if (!call) return;
      if (key) call.resolve(new Uint8Array(key));
      else call.reject(new Error(error ?? 'the hashing thread gave no key'));
    });
    const stopped = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(error);
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`the hashing thread stopped (${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error) {
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }
}

/**
 * The server's PBKDF2 (the same keys as the page's WebCrypto one): an owner's login on WebCrypto
 * at the normal priority, everything else (signups, logins from addresses the account does not
 * know) on one thread niced to `nice`, so that hashing floods slow hashing, not pages.
 */
export function backgroundDerive(nice = BACKGROUND_NICE): {
  derive: DeriveKey;
  close: () => Promise<void>;
} {
  const thread = new BackgroundThread(nice);
  return {
    derive: (password, salt, iterations, { owner }) =>
      owner
        ? webCryptoDerive(password, salt, iterations, { owner })
        : thread.derive(password, salt, iterations),
    close: () => thread.close(),
  };
}
