import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from './logger.js';
import { startPeriodic } from './periodic.js';

export interface Closable {
  name: string;
  close: () => Promise<unknown> | unknown;
}

export interface LifecycleOptions {
  logger: Logger;
  /** Bounded time for everything to close before the process exits anyway. */
  timeoutMs: number;
  /** HTTP server to stop accepting on first; in-flight requests are allowed to finish. */
  server?: Server;
  /** Closed in order after the server: workers, queues, Redis, pg pools. */
  resources: Closable[];
}

const IDLE_GRACE_MS = 250;

/**
 * Tracks open sockets so that a graceful stop can finish in-flight requests and then close idle keep-alive
 * connections instead of waiting for clients to hang up.
 */
function trackConnections(server: Server) {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return sockets;
}

/**
 * Installs SIGTERM/SIGINT handlers (graceful stop, exit 0) and handlers for unknown error states (uncaught exception,
 * unhandled rejection: log, stop gracefully, exit 1 so the supervisor restarts us). Returns the stop function so
 * tests and the supervisor can call it directly.
 */
export function handleLifecycle({
  logger,
  timeoutMs,
  server,
  resources,
}: LifecycleOptions): (reason: string, exitCode?: number) => Promise<void> {
  const sockets = server ? trackConnections(server) : undefined;
  let stopping: Promise<void> | undefined;

  const stop = (reason: string, exitCode = 0): Promise<void> => {
    if (stopping) return stopping;
    logger.info({ reason }, 'shutting down');
    const forced = setTimeout(() => {
      logger.error({ timeoutMs }, 'graceful shutdown timed out; exiting');
      process.exit(exitCode || 1);
    }, timeoutMs);
    forced.unref();

    stopping = (async () => {
      if (server) {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // From now on every answer ends its connection, so keep-alive clients go away after their last request.
        server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
        // A request a client sent before the signal may still sit unread in its socket, which then looks idle. Idle
        // keep-alive sockets are closed only from the check phase, right after the event loop has read every socket
        // with data waiting (a timer alone fires before that read, and under load the read lags the send by far
        // more than 100 ms), and only after a short grace. Busy sockets always finish their request first.
        const closeIdleAfterReading = () => setImmediate(() => server.closeIdleConnections());
        await new Promise((resolve) => setTimeout(resolve, IDLE_GRACE_MS));
        closeIdleAfterReading();
        const sweep = startPeriodic({
          name: 'idle-socket-sweep',
          everyMs: 100,
          jitter: 0,
          logger,
          run: closeIdleAfterReading,
        });
        await closed;
        await sweep.stop();
        for (const socket of sockets ?? []) socket.destroy();
      }
      for (const resource of resources) {
        try {
          await resource.close();
        } catch (error) {
          logger.warn({ err: error, resource: resource.name }, 'error while closing');
        }
      }
      logger.info('stopped');
      logger.flush?.();
      clearTimeout(forced);
      process.exitCode = exitCode;
    })();
    return stopping;
  };

  process.once('SIGTERM', () => void stop('SIGTERM').then(() => process.exit()));
  process.once('SIGINT', () => void stop('SIGINT').then(() => process.exit()));
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    void stop('uncaughtException', 1).then(() => process.exit(1));
  });
  process.on('unhandledRejection', (error) => {
    logger.fatal({ err: error }, 'unhandled rejection');
    void stop('unhandledRejection', 1).then(() => process.exit(1));
  });
  return stop;
}

/** What a process's `start` step hands back: what to serve, what to close on the way out, what to log once up. */
export interface StartedProcess {
  server: Server;
  /** Closed in order after the server stops (see `handleLifecycle`). */
  resources: Closable[];
  /** Fields of the "listening" log line (port, host, ...). */
  facts?: Record<string, unknown>;
}

export interface RunProcessOptions {
  /** Says what is listening: "auth service listening". */
  name: string;
  logger: Logger;
  timeoutMs: number;
  port: number;
  host: string;
  /** Connects (Postgres, Redis), migrates and builds the server, in that order; throws a message for ops on failure. */
  start: () => Promise<StartedProcess>;
  /** Closes what `start` may have opened before it failed. */
  abandon?: () => Promise<unknown>;
}

/**
 * The one shape of every process's `main.ts`: it reads its config (exitOnConfigError), then `runProcess` connects,
 * migrates and builds (`start`), installs the signal handlers, and listens. A step that fails is logged as the
 * failure it is ("Cannot reach Postgres at ...", "Migrations of schema ... failed: ...", "cannot listen") and the
 * process exits 1 for its supervisor to restart it. Answers the graceful stop (see `handleLifecycle`).
 */
export async function runProcess({
  name,
  logger,
  timeoutMs,
  port,
  host,
  start,
  abandon,
}: RunProcessOptions): Promise<(reason: string, exitCode?: number) => Promise<void>> {
  let started: StartedProcess;
  try {
    started = await start();
  } catch (error) {
    logger.fatal({ err: error }, error instanceof Error ? error.message : `${name}: failed to start`);
    await abandon?.().catch(() => undefined);
    process.exit(1);
  }
  const { server, resources, facts } = started;
  const stop = handleLifecycle({ logger, timeoutMs, server, resources });
  server.once('error', (error) => {
    logger.fatal({ err: error, port, host }, 'cannot listen');
    void stop('cannot listen', 1).then(() => process.exit(1));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  logger.info({ port, host, ...facts }, `${name} listening`);
  return stop;
}
