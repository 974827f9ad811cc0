import { z } from 'zod';

/**
 * The only place the benchmark reads process.env. BENCH_QUICK shortens every phase (seconds instead of minutes) for
 * development; the figures it gives are indicative only and results.md says so.
 */
const schema = z.object({
  BENCH_QUICK: z.enum(['0', '1']).default('0'),
  /** A Postgres server URL; the benchmark creates (and afterwards drops) its own database on it. */
  BENCH_PG_URL: z.string().default('postgres://postgres@127.0.0.1:5432/postgres'),
  BENCH_REDIS_URL: z.string().default('redis://127.0.0.1:6379/0'),
  /** Comma-separated subset of suites to run: footprint, signup, gateway, site, mail, staff, launch, engine, lanes. Empty: all. */
  BENCH_ONLY: z.string().default(''),
  /** 1 keeps the bench database afterwards (to look at EXPLAIN plans by hand). */
  BENCH_KEEP_DB: z.enum(['0', '1']).default('0'),
  /** 1 skips `npm run build` (when the build is known to be fresh). */
  BENCH_SKIP_BUILD: z.enum(['0', '1']).default('0'),
  CHROME_PATH: z.string().default('/usr/bin/chromium'),
  NGINX_BINARY: z.string().default('/usr/sbin/nginx'),
});

export const SUITES = ['footprint', 'signup', 'gateway', 'site', 'mail', 'staff', 'launch', 'engine', 'lanes'] as const;
export type SuiteName = (typeof SUITES)[number];

export interface BenchOptions {
  quick: boolean;
  pgUrl: string;
  redisUrl: string;
  suites: ReadonlySet<SuiteName>;
  keepDatabase: boolean;
  skipBuild: boolean;
  chromePath: string;
  nginxBinary: string;
  /** PATH and HOME, the only variables of ours the started processes inherit (the rest is set explicitly). */
  inheritedEnv: Readonly<Record<string, string>>;
  /** Seconds per load run; runs alternate between the project and its reference. */
  loadSeconds: number;
  /** Alternating runs per comparison; the median is reported. */
  runs: number;
  mails: number;
  entries: number;
  staffSamples: number;
}

export function loadOptions(source: NodeJS.ProcessEnv = process.env): BenchOptions {
  const e = schema.parse(source);
  const quick = e.BENCH_QUICK === '1';
  const only = e.BENCH_ONLY.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = only.filter((name) => !(SUITES as readonly string[]).includes(name));
  if (unknown.length)
    throw new Error(`BENCH_ONLY: unknown suite(s) ${unknown.join(', ')}; known: ${SUITES.join(', ')}`);
  return Object.freeze({
    quick,
    pgUrl: e.BENCH_PG_URL,
    redisUrl: e.BENCH_REDIS_URL,
    suites: new Set((only.length ? only : SUITES) as SuiteName[]),
    keepDatabase: e.BENCH_KEEP_DB === '1',
    skipBuild: e.BENCH_SKIP_BUILD === '1',
    chromePath: e.CHROME_PATH,
    nginxBinary: e.NGINX_BINARY,
    inheritedEnv: Object.freeze({ PATH: source.PATH ?? '/usr/bin:/bin', HOME: source.HOME ?? '/tmp' }),
    loadSeconds: quick ? 2 : 4,
    runs: quick ? 1 : 5,
    mails: quick ? 500 : 10_000,
    entries: quick ? 50_000 : 1_000_000,
    staffSamples: quick ? 40 : 200,
  });
}
