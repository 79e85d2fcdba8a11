import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import {
  checkServerConfig,
  ConfigError,
  listeningUrl,
  parseConfig,
  type ServerConfig,
} from './config';
import { stopWhenPrimaryGone, superviseWorkers, tellPrimary } from './cluster';
import { createLogger, type ServerLogger } from './logger';
import { clusterMetricsReader, PrimaryMetrics, serveMetrics } from './metrics';
import { describeDatabase, prepareOnce, serveApp } from './serve';

/**
 * Server mode: config from the environment, migrations, a one-time seed, then the SPA and the API
 * on one port, from WEB_CONCURRENCY worker processes (node:cluster) or, with 1, from this one.
 * `npm start` runs the bundle of this file (dist/server/main.mjs, scripts/start.mjs builds it);
 * the cluster's workers run the same file.
 */
async function main() {
  let config: ServerConfig;
  try {
    config = parseConfig(process.env);
    checkServerConfig(config, process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`CodeTube cannot start, the configuration is invalid:\n${error.message}`);
    process.exit(1);
  }
  const log = await createLogger({ level: config.logLevel, format: config.logFormat });
  logCrashes(log);
  const where = describeDatabase(config);
  /** Ends the process once every log line is written. */
  const exit = (code: number) => {
    void log.close().finally(() => process.exit(code));
  };

  if (cluster.isWorker) {
    // A worker: the primary migrated and seeded; serve until SIGTERM.
    const failed = (reason: string) => {
      log.error(`worker could not start: ${reason}`);
      console.error(`CodeTube failed to start: ${reason}`);
      void tellPrimary({ codetube: 'start-failed', reason }).then(() => exit(1));
    };
    try {
      const stop = await serveApp(config, log, {
        listening: (port) => log.debug(`worker listening on ${config.host}:${port}`),
        failed,
        stoppedAccepting: () => void tellPrimary({ codetube: 'stopped-accepting' }),
        exit,
      });
      // Killed or crashed, the primary hands out no more connections: the worker finishes the
      // ones it has and exits (Node's default cuts them), and the supervisor that restarts the
      // server (docs/operators.md) starts a whole new cluster.
      stopWhenPrimaryGone(() => stop('the primary is gone'));
    } catch (error) {
      failed(messageOf(error));
    }
    return;
  }

  try {
    const database = await prepareOnce(config, log);
    if (config.webConcurrency === 1) {
      await serveApp(config, log, {
        database,
        listening: (port) =>
          log.info(`CodeTube listening on ${listeningUrl(config.host, port)} (${where})`),
        failed: (reason) => fail(log, reason),
        exit,
      });
      return;
    }
    // Workers open their own connections: this one served migrations and the seed only.
    await database.close();
    const primaryMetrics = config.metrics && new PrimaryMetrics();
    if (config.metrics && primaryMetrics) {
      // The workers' metrics and the primary's, combined (each worker hands its own over IPC).
      const { port } = await serveMetrics(
        config.metrics,
        clusterMetricsReader(primaryMetrics),
        (line) => log.error(line),
      );
      log.info(`metrics on ${listeningUrl(config.metrics.host, port)}/metrics`);
    }
    superviseWorkers({
      workers: config.webConcurrency,
      exec: fileURLToPath(import.meta.url),
      log,
      listeningLine: (port) =>
        `CodeTube listening on ${listeningUrl(config.host, port)} (${where}), ${config.webConcurrency} workers`,
      exit,
      workerDied: () => primaryMetrics?.workerRestarts.inc(),
    });
  } catch (error) {
    fail(log, messageOf(error));
  }
}

/**
 * A crash (an exception nothing caught, a rejection nothing handled) is one JSON line at level
 * error with `crash` and the error under `err`, then exit 1 once the log is written, as Node's
 * default would (a supervisor starts the server again; a cluster's primary replaces the worker).
 */
function logCrashes(log: ServerLogger): void {
  const crash = (kind: 'uncaughtException' | 'unhandledRejection') => (error: unknown) => {
    log.error(`crashed (${kind}): ${messageOf(error)}`, { crash: kind, err: error });
    void log.close().finally(() => process.exit(1));
  };
  process.on('uncaughtException', crash('uncaughtException'));
  process.on('unhandledRejection', crash('unhandledRejection'));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A start that cannot go on: the reason in the log and on stderr, then exit 1 (log written out). */
function fail(log: ServerLogger, reason: string): void {
  log.fatal(`CodeTube failed to start: ${reason}`);
  console.error(`CodeTube failed to start: ${reason}`);
  void log.close().finally(() => process.exit(1));
}

main().catch((error: unknown) => {
  console.error(`CodeTube failed to start: ${messageOf(error)}`);
  process.exit(1);
});
