import { z } from 'zod';

/** Thrown when the environment does not satisfy a process's config schema; lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses `env` (normally process.env) against a schema once, at start. Every bad variable is named in one line,
 * so ops can fix them all in one go rather than one restart per variable.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  // Empty strings mean "unset": compose files and .env templates write `VAR=` for optional variables.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  return deepFreeze(result.data);
}

/** Prints the config problem as one line and exits: the process must not start half-configured. */
export function exitOnConfigError(error: unknown, processName: string): never {
  const message = error instanceof ConfigError ? error.message : String(error);
  process.stderr.write(`${processName}: ${message}\n`);
  process.exit(78); // EX_CONFIG
}

/** The config `load` reads, or the process exits as `exitOnConfigError` says: the first step of every main.ts. */
export function configOrExit<T>(load: () => T, processName: string): T {
  try {
    return load();
  } catch (error) {
    exitOnConfigError(error, processName);
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Reusable zod pieces for env variables (all env values arrive as strings). */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  int: (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1' || value === 'yes'),
  url: (fallback: string, protocols: string[]) =>
    z
      .string()
      .default(fallback)
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        `must be a URL with protocol ${protocols.join(' or ')}`,
      ),
  /** A URL with one of `protocols`, or unset. */
  optionalUrl: (protocols: string[]) =>
    z
      .string()
      .refine(
        (value) => URL.canParse(value) && protocols.includes(new URL(value).protocol),
        `must be a URL with protocol ${protocols.join(' or ')}`,
      )
      .optional(),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  nodeEnv: () => z.enum(['development', 'production', 'test']).default('development'),
};

/** Variables every service reads, with defaults that work on a machine with Postgres and Redis on localhost. */
export const commonEnvSchema = z.object({
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  DATABASE_URL: env.url('postgres://postgres@127.0.0.1:5432/mmdm', ['postgres:', 'postgresql:']),
  /**
   * Where long-lived sessions connect (migrations under their advisory lock, LISTEN, exports, backups): Postgres
   * itself. Needed when DATABASE_URL is a transaction pooler (DATABASE_POOL_MODE=transaction); otherwise DATABASE_URL.
   */
  DATABASE_DIRECT_URL: env.optionalUrl(['postgres:', 'postgresql:']),
  /**
   * `transaction` when DATABASE_URL is PgBouncer (or another pooler) in transaction pooling: the processes then send no
   * startup parameter (statement_timeout) and prepare no named statement, which such a pooler cannot carry from one
   * transaction to the next.
   */
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  REDIS_URL: env.url('redis://127.0.0.1:6379/0', ['redis:', 'rediss:']),
  /**
   * Redis through Sentinel: `host:port` of each sentinel, comma-separated. Set, the processes ask the sentinels for the
   * primary named REDIS_SENTINEL_NAME (and follow a failover); REDIS_URL then gives only the password and db number.
   */
  REDIS_SENTINELS: z
    .string()
    .optional()
    .transform((value) => parseHostPorts(value ?? ''))
    .pipe(z.array(z.object({ host: z.string().min(1), port: z.number().int().min(1).max(65535) }))),
  REDIS_SENTINEL_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, . _ - only')
    .default('mymaster'),
  /** Prefix of every Redis key this deployment writes, so several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/i, 'letters, digits, - and _ only')
    .default('mmdm'),
  /**
   * Express `trust proxy` value: who may tell a service the client's address (the gateway). Loopback by default, as
   * under `npm start`; compose names the gateway's network, where the gateway is another container.
   */
  TRUST_PROXY: z.string().default('loopback'),
  SHUTDOWN_TIMEOUT_MS: env.int(8000, 100),
});
export type CommonEnv = z.output<typeof commonEnvSchema>;

/** `a:1, b:2` → [{host: 'a', port: 1}, ...]; a malformed item becomes port 0 (the schema then names the variable). */
function parseHostPorts(value: string): { host: string; port: number }[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const colon = item.lastIndexOf(':');
      const port = colon > 0 ? Number(item.slice(colon + 1)) : NaN;
      return {
        host: colon > 0 ? item.slice(0, colon).replace(/^\[|\]$/g, '') : item,
        port: Number.isInteger(port) ? port : 0,
      };
    });
}

/** How a process reaches Postgres (see DATABASE_POOL_MODE and DATABASE_DIRECT_URL). */
export interface DatabaseConfig {
  /** Requests, jobs and every transaction: Postgres, or a pooler in front of it. */
  url: string;
  /** Sessions that must stay on one server connection: migrations, LISTEN, exports, backups. */
  directUrl: string;
  poolMode: 'session' | 'transaction';
}

export function databaseConfigOf(e: Pick<CommonEnv, 'DATABASE_URL' | 'DATABASE_DIRECT_URL' | 'DATABASE_POOL_MODE'>) {
  if (e.DATABASE_POOL_MODE === 'transaction' && !e.DATABASE_DIRECT_URL) {
    // Migrations hold a session advisory lock and the key listener a LISTEN: through a transaction pooler the lock
    // would be taken on one server connection and released on another, and the LISTEN would hear nothing.
    throw new ConfigError(['DATABASE_DIRECT_URL: required when DATABASE_POOL_MODE is transaction']);
  }
  return Object.freeze({
    url: e.DATABASE_URL,
    directUrl: e.DATABASE_DIRECT_URL ?? e.DATABASE_URL,
    poolMode: e.DATABASE_POOL_MODE,
  }) satisfies DatabaseConfig;
}

/** How a process reaches Redis: REDIS_URL, or the primary the sentinels name. */
export interface RedisConfig {
  url: string;
  prefix: string;
  sentinels: readonly { host: string; port: number }[];
  sentinelName: string;
}

export function redisConfigOf(
  e: Pick<CommonEnv, 'REDIS_URL' | 'REDIS_PREFIX' | 'REDIS_SENTINELS' | 'REDIS_SENTINEL_NAME'>,
): RedisConfig {
  return {
    url: e.REDIS_URL,
    prefix: e.REDIS_PREFIX,
    sentinels: e.REDIS_SENTINELS,
    sentinelName: e.REDIS_SENTINEL_NAME,
  };
}
