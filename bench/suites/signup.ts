import { join } from 'node:path';
import pg from 'pg';
import type { BenchContext } from '../lib/context.js';
import { CPU_PARTS, cpuPerRequest, type CpuCost } from '../lib/cpu-accounting.js';
import { alternate, load, type LoadResult } from '../lib/load.js';
import { startEdgeNginx } from '../lib/nginx.js';
import { freePort, startProcess, waitForHttp } from '../lib/processes.js';
import { ms, num, pct, ratio } from '../lib/stats.js';
import { ROOT } from '../lib/system.js';
import { challengeVariant } from './signup-challenge.js';

const HEADERS = { 'content-type': 'application/json' };

function describe(result: LoadResult): string {
  const codes = Object.entries(result.statusCodes)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');
  return `${num(result.rps)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, errors ${result.errors} (${codes})`;
}

/**
 * (1) Unique sign-ups: through the gateway, straight to the waitlist service, through nginx + gateway, and the bare
 * reference server, at 50 and 200 connections. Needs auth, waitlist and gateway running (the worker is not on the
 * request path; it is measured in the mail suite).
 */
export async function signupSuite(context: BenchContext): Promise<void> {
  const { options, report, system, database, runId, tmpDir } = context;
  let counter = 0;
  const uniqueBody = () => JSON.stringify({ email: `s${runId}-${(counter += 1)}@bench.example.com` });

  const referencePort = await freePort();
  const reference = startProcess(
    'signup-reference',
    process.execPath,
    [join(ROOT, 'bench/reference/signup-reference.mjs')],
    { ...options.inheritedEnv, PORT: String(referencePort), DATABASE_URL: database.url },
    join(tmpDir, 'signup-reference.log'),
  );
  const projectSqlPort = await freePort();
  const projectSql = startProcess(
    'signup-reference-project-sql',
    process.execPath,
    [join(ROOT, 'bench/reference/signup-reference.mjs')],
    { ...options.inheritedEnv, PORT: String(projectSqlPort), DATABASE_URL: database.url, STATEMENT: 'project' },
    join(tmpDir, 'signup-reference-project-sql.log'),
  );
  const nginxPort = await freePort();
  const nginx = await startEdgeNginx(options.nginxBinary, nginxPort, `127.0.0.1:${system.ports.gateway}`);
  try {
    await waitForHttp(`http://127.0.0.1:${referencePort}/healthz`, 10_000, reference);
    await waitForHttp(`http://127.0.0.1:${projectSqlPort}/healthz`, 10_000, projectSql);
    const targets = {
      gateway: system.url,
      service: system.serviceUrl('waitlist'),
      nginx: nginx.url,
      reference: `http://127.0.0.1:${referencePort}`,
      projectSql: `http://127.0.0.1:${projectSqlPort}`,
    };
    const run =
      (url: string, connections: number, seconds = options.loadSeconds) =>
      () =>
        load({ url, connections, seconds, method: 'POST', path: '/waitlist', headers: HEADERS, body: uniqueBody });

    await cpuBreakdown(context, uniqueBody, [
      { name: 'reference (node:http + INSERT)', url: targets.reference, serverPid: reference.pid },
      { name: "bare node:http + the project's statement", url: targets.projectSql, serverPid: projectSql.pid },
      { name: 'waitlist service direct', url: targets.service, serverPid: system.pid('waitlist') },
      {
        name: 'via gateway',
        url: targets.gateway,
        serverPid: system.pid('waitlist'),
        gatewayPid: system.pid('gateway'),
      },
    ]);

    for (const connections of [50, 200]) {
      const variants: Record<string, () => Promise<LoadResult>> =
        connections === 50
          ? {
              reference: run(targets.reference, connections),
              gateway: run(targets.gateway, connections),
              service: run(targets.service, connections),
              nginx: run(targets.nginx, connections),
              projectSql: run(targets.projectSql, connections),
            }
          : {
              reference: run(targets.reference, connections),
              gateway: run(targets.gateway, connections),
              nginx: run(targets.nginx, connections),
            };
      const warm = Object.fromEntries(
        Object.entries(variants).map(([name]) => [name, run(targets[name as keyof typeof targets], connections, 1)]),
      );
      const results: Record<string, LoadResult> = await alternate(options.runs, variants, warm);
      const ref = results.reference!;
      report.add({ suite: 'sign-up', what: `reference (node:http + INSERT) @${connections}`, value: describe(ref) });
      for (const name of Object.keys(results).filter((key) => key !== 'reference')) {
        const result = results[name]!;
        const share = ratio(result.rps, ref.rps);
        const label =
          {
            gateway: 'via gateway',
            service: 'waitlist service direct',
            nginx: 'via nginx + gateway',
            projectSql: "bare node:http + the project's sign-up statement (Postgres share of the gap)",
          }[name] ?? name;
        const isGoal = name === 'gateway';
        // "Bounded" at 200: under a second, or at most twice the reference's own p99 when the machine itself is slower.
        const bound = Math.max(1000, 2 * ref.p99);
        const goal =
          connections === 50 ? '≥ 50% of reference, p99 < 50 ms, 0 errors' : `0 errors, p99 < ${num(bound)} ms`;
        const met =
          connections === 50
            ? share >= 0.5 && result.p99 < 50 && result.errors === 0
            : result.errors === 0 && result.p99 < bound;
        report.add({
          suite: 'sign-up',
          what: `${label} @${connections}`,
          value: describe(result),
          reference: `${num(ref.rps)} req/s, p99 ${ms(ref.p99)}`,
          ratio: pct(share),
          ...(isGoal ? { goal, met } : {}),
        });
      }
    }
    await challengeVariant(context, targets.service);
  } finally {
    await nginx.stop();
    await reference.stop();
    await projectSql.stop();
  }
  await clearSignups(database.url);
}

/**
 * The load's sign-ups are synthetic, and since sign-ups are grouped into statements (decision 023) they are over a
 * million rows: the staff suite would count them towards its 1,000,000 entries and fill none of its own history, and
 * the launch suite would find nobody confirmed to put in line. The suites after this one start from empty tables.
 */
async function clearSignups(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query('truncate waitlist.entries, bench_reference.signups cascade');
  } finally {
    await pool.end();
  }
}

/**
 * CPU microseconds per sign-up by process, for each path: on this CPU-bound machine the req/s ratio follows the ratio
 * of these totals, and unlike req/s they hardly move with the machine's load (docs/performance.md).
 */
async function cpuBreakdown(
  { options, report, database }: BenchContext,
  body: () => string,
  paths: { name: string; url: string; serverPid: number; gatewayPid?: number }[],
): Promise<void> {
  const requests = options.quick ? 3000 : 20_000;
  let reference: CpuCost | undefined;
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  try {
    for (const path of paths) {
      // Each path starts from the same tables: without this, the trigram index's pending list and autovacuum left by
      // the paths before it (the same rows, the same statement) were charged to the later paths' Postgres figure.
      await settleTables(pool);
      const cost = await cpuPerRequest({ ...path, requests, body, databaseName: database.name });
      reference ??= cost;
      const parts = CPU_PARTS.map((part) => num(cost.perRequest[part]));
      report.add({
        suite: 'sign-up',
        what: `CPU per sign-up, ${path.name} (µs: ${CPU_PARTS.join(' / ')})`,
        value: `${parts.join(' / ')} = ${num(cost.perRequest.total)} µs (${num(cost.rps)} req/s over ${num(requests)}${cost.non2xx ? `, ${cost.non2xx} non-2xx` : ''})`,
        ...(cost === reference
          ? {}
          : {
              reference: `${num(reference.perRequest.total)} µs`,
              ratio: pct(ratio(reference.perRequest.total, cost.perRequest.total)),
            }),
      });
    }
  } finally {
    await pool.end();
  }
}

/** Vacuums the sign-up's tables and merges the trigram index's pending list, then waits for autovacuum to be idle. */
async function settleTables(pool: pg.Pool): Promise<void> {
  await pool.query('vacuum analyze waitlist.entries, waitlist.outbox, bench_reference.signups');
  await pool.query(`select gin_clean_pending_list('waitlist.entries_email_trgm_idx'::regclass)`);
  for (let waited = 0; waited < 30_000; waited += 250) {
    const { rows } = await pool.query<{ busy: number }>(
      `select count(*)::int as busy from pg_stat_activity
        where datname = current_database() and backend_type = 'autovacuum worker'`,
    );
    if (rows[0]?.busy === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
