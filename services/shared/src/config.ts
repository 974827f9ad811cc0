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
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  nodeEnv: () => z.enum(['development', 'production', 'test']).default('development'),
};

/** Variables every service reads, with defaults that work on a machine with Postgres and Redis on localhost. */
export const commonEnvSchema = z.object({
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  DATABASE_URL: env.url('postgres://postgres@127.0.0.1:5432/mmdm', ['postgres:', 'postgresql:']),
  REDIS_URL: env.url('redis://127.0.0.1:6379/0', ['redis:', 'rediss:']),
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
