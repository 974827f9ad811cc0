import { Redis, type RedisOptions } from 'ioredis';

export type RedisRole = 'producer' | 'worker';

/** A Redis URL, or a process's Redis settings (REDIS_URL, and REDIS_SENTINELS / REDIS_SENTINEL_NAME when set). */
export type RedisTarget =
  | string
  | {
      url: string;
      sentinels?: readonly { host: string; port: number }[];
      sentinelName?: string;
    };

/**
 * Where ioredis connects: the URL's host, or (with sentinels) the primary the sentinels name, found again after a
 * failover. The URL's password and db number apply either way (the sentinels themselves are asked without one).
 */
function connectionOptions(target: RedisTarget): RedisOptions {
  const { url, sentinels, sentinelName } = typeof target === 'string' ? { url: target } : target;
  const parsed = new URL(url);
  const db = Number(parsed.pathname.replace(/^\//, '') || '0');
  const auth = {
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    db: Number.isInteger(db) ? db : 0,
  };
  if (!sentinels?.length) {
    return {
      host: parsed.hostname.replace(/^\[|\]$/g, ''),
      port: Number(parsed.port || 6379),
      ...auth,
      ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    };
  }
  return {
    sentinels: sentinels.map(({ host, port }) => ({ host, port })),
    name: sentinelName ?? 'mymaster',
    ...auth,
    // A primary demoted by a failover answers READONLY to writes; reconnecting asks the sentinels for the new one.
    reconnectOnError: (error) => error.message.startsWith('READONLY'),
    sentinelRetryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    ...(parsed.protocol === 'rediss:' ? { enableTLSForSentinelMode: true, tls: {} } : {}),
  };
}

/**
 * Every Redis connection of every process is made here (and BullMQ is given these), so REDIS_URL and the Sentinel
 * settings mean the same everywhere. Producers (request paths) fail fast while Redis is down instead of queueing
 * commands in memory and hanging the request; workers (BullMQ consumers) must block and retry forever, which BullMQ
 * requires. The db number and credentials in the URL are honoured.
 */
export function createRedis(target: RedisTarget, role: RedisRole, extra: RedisOptions = {}): Redis {
  const options: RedisOptions =
    role === 'producer'
      ? { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 2000 }
      : { enableOfflineQueue: true, maxRetriesPerRequest: null, connectTimeout: 5000 };
  const client = new Redis({
    ...connectionOptions(target),
    ...options,
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    ...extra,
  });
  // Connection errors are reported through readiness checks; an unhandled 'error' event would crash the process.
  client.on('error', () => undefined);
  return client;
}

export async function pingRedis(client: Redis): Promise<void> {
  if (client.status !== 'ready') throw new Error(`redis connection is ${client.status}`);
  await client.ping();
}

/** BullMQ loses jobs if Redis evicts keys; ops must hear about it at start. */
export async function checkNoEviction(client: Redis): Promise<{ ok: boolean; policy: string }> {
  const reply = (await client.config('GET', 'maxmemory-policy')) as unknown as string[];
  const policy = reply[1] ?? 'unknown';
  return { ok: policy === 'noeviction', policy };
}

export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}${parsed.pathname || '/0'}`;
  } catch {
    return '(unparseable REDIS_URL)';
  }
}

export function redisUnreachableMessage(url: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return (
    `Cannot reach Redis at ${describeRedisUrl(url)} (${reason}). ` +
    'Start it (e.g. `redis-server --daemonize yes`, or `docker compose up redis`) or set REDIS_URL.'
  );
}

/** Resolves once the client is connected, or rejects after `timeoutMs` with the last error. */
export function waitForRedis(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    let lastError: unknown = new Error('timed out');
    const onError = (error: unknown) => {
      lastError = error;
    };
    const onReady = () => {
      cleanup();
      resolve();
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(lastError);
    }, timeoutMs);
    function cleanup() {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('error', onError);
    }
    client.on('ready', onReady);
    client.on('error', onError);
  });
}
