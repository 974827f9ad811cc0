#!/usr/bin/env node
// @ts-check
/**
 * `npm start`: runs the whole system without Docker. Builds what is not built yet, makes sure Postgres and Redis
 * answer (and the database exists), then runs auth, the waitlist API, the e-mail worker and the gateway as child
 * processes: restarts one that dies, prints the URL once healthy, and stops them all cleanly on Ctrl-C or SIGTERM.
 *
 * Plain JavaScript on purpose: it must run before anything has been compiled.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const replicas = replicasFromArgs(process.argv.slice(2));
const env = withDefaults(process.env);
const logDir = resolve(root, env.LOG_DIR);

/** `--replicas N` (or `--replicas=N`): how many copies of auth, the waitlist API and the worker to run; 1 by default. */
function replicasFromArgs(args) {
  let value = '1';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--replicas') value = args[++i] ?? '';
    else if (arg.startsWith('--replicas=')) value = arg.slice('--replicas='.length);
    else fail(`unknown argument ${arg} (the only one is --replicas N)`);
  }
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 16)
    fail(`--replicas takes a whole number from 1 to 16, not ${value || 'nothing'}`);
  return count;
}

/**
 * The ports of replica `index` (0 is the first): each service's port plus index × REPLICA_PORT_STEP (100 by default:
 * auth 8081, 8181, 8281...; the waitlist API 8082, 8182...; the worker 8083, 8183...).
 */
function replicaPort(base, index, e) {
  return String(Number(base) + index * Number(e.REPLICA_PORT_STEP));
}

/** The defaults every child agrees on, derived once here so ports and URLs line up. */
function withDefaults(source) {
  const e = { ...source };
  e.PORT ||= '8080';
  e.AUTH_PORT ||= '8081';
  e.WAITLIST_PORT ||= '8082';
  e.WORKER_PORT ||= '8083';
  e.GATEWAY_METRICS_PORT ||= '9080';
  // HOST opens the site to the network; the metrics stay on this machine, like the services (set it to open them).
  e.GATEWAY_METRICS_HOST ||= '127.0.0.1';
  e.REPLICA_PORT_STEP ||= '100';
  e.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/mmdm';
  e.REDIS_URL ||= 'redis://127.0.0.1:6379/0';
  const every = (base) =>
    Array.from({ length: replicas }, (_, index) => `http://127.0.0.1:${replicaPort(base, index, e)}`);
  // The gateway balances over every replica (a comma-separated list is what AUTH_URL / WAITLIST_URL accept).
  e.AUTH_URL ||= every(e.AUTH_PORT).join(',');
  e.WAITLIST_URL ||= every(e.WAITLIST_PORT).join(',');
  e.AUTH_JWKS_URL ||= `http://127.0.0.1:${e.AUTH_PORT}/.well-known/jwks.json`;
  e.PUBLIC_URL ||= `http://localhost:${e.PORT}`;
  e.LOG_DIR ||= 'var/log';
  return e;
}

/**
 * The services run on this machine next to the gateway, which is the only way in: they listen on loopback alone,
 * whatever HOST says (HOST is where the gateway listens), and believe X-Forwarded-For only from loopback, so no
 * other host of the network can reach them directly and state its own client address to skip the per-address limits.
 */
const serviceEnv = { ...env, HOST: '127.0.0.1', TRUST_PROXY: 'loopback' };

/**
 * Each child: its name, the compiled entry it runs, its environment and the /healthz port that says it is up. With
 * `--replicas N` each service runs N times (`auth-1`, `auth-2`...), each on its own port; there is one gateway.
 */
const children = Array.from({ length: replicas }, (_, index) => {
  const suffix = replicas > 1 ? `-${index + 1}` : '';
  const ports = {
    AUTH_PORT: replicaPort(env.AUTH_PORT, index, env),
    WAITLIST_PORT: replicaPort(env.WAITLIST_PORT, index, env),
    WORKER_PORT: replicaPort(env.WORKER_PORT, index, env),
  };
  // Unless the operator named one, each waitlist replica reads the public keys of the auth replica of its number.
  const jwks = process.env.AUTH_JWKS_URL
    ? {}
    : { AUTH_JWKS_URL: `http://127.0.0.1:${ports.AUTH_PORT}/.well-known/jwks.json` };
  const replicaEnv = { ...serviceEnv, ...ports, ...jwks };
  return [
    { name: `auth${suffix}`, entry: 'services/auth/dist/main.js', env: replicaEnv, port: ports.AUTH_PORT },
    { name: `waitlist${suffix}`, entry: 'services/waitlist/dist/main.js', env: replicaEnv, port: ports.WAITLIST_PORT },
    {
      name: `waitlist-worker${suffix}`,
      entry: 'services/waitlist/dist/worker-main.js',
      env: replicaEnv,
      port: ports.WORKER_PORT,
    },
  ];
})
  .flat()
  .concat([{ name: 'gateway', entry: 'gateway/dist/main.js', env, port: env.PORT }]);

function say(message) {
  process.stdout.write(`[supervisor] ${message}\n`);
}

function fail(message) {
  process.stderr.write(`[supervisor] ${message}\n`);
  process.exit(1);
}

/** Files that never reach a build output: changing them must not make every start rebuild. */
const NOT_BUILT = /\.test\.tsx?$|\/testing\//;

function newestMtime(path, skip = () => false) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return skip(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.build-')) continue;
    newest = Math.max(newest, newestMtime(join(path, name), skip));
  }
  return newest;
}

/**
 * Each build output and the sources it is made from. `stamp`: tsc -b writes its build info on every build that saw a
 * change, but leaves an output file alone when its text comes out the same (a source saved again, an edit that
 * compiles to the same JavaScript), so dist alone would look stale, and every start would rebuild, until then.
 */
const builds = [
  { output: 'services/shared/dist', stamp: 'services/shared/tsconfig.tsbuildinfo', sources: ['services/shared/src'] },
  {
    output: 'services/auth/dist',
    stamp: 'services/auth/tsconfig.tsbuildinfo',
    sources: ['services/auth/src', 'services/shared/src'],
  },
  {
    output: 'services/waitlist/dist',
    stamp: 'services/waitlist/tsconfig.tsbuildinfo',
    sources: ['services/waitlist/src', 'services/shared/src'],
  },
  { output: 'gateway/dist', stamp: 'gateway/tsconfig.tsbuildinfo', sources: ['gateway/src', 'services/shared/src'] },
  { output: 'web/dist', sources: ['web/src', 'web/index.html', 'web/admin.html', 'web/public', 'web/scripts'] },
];

/**
 * Builds when an entry is missing or a package's sources are newer than the newest file of its output (tsc -b
 * re-emits only what changed, so an entry file's own age says nothing). A fresh clone needs only `npm ci && npm start`.
 */
function buildIfNeeded() {
  const missing = [...children.map((child) => child.entry), 'web/dist/index.html'].some(
    (file) => !existsSync(join(root, file)),
  );
  const stale = builds.some(({ output, stamp, sources }) => {
    const built = Math.max(newestMtime(join(root, output)), stamp ? newestMtime(join(root, stamp)) : 0);
    const changed = Math.max(
      ...sources.map((source) => newestMtime(join(root, source), (file) => NOT_BUILT.test(file))),
    );
    return changed > built;
  });
  if (!missing && !stale) return;
  say('building (first start or sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) fail('build failed; see the output above');
}

function describe(url) {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || (parsed.protocol.startsWith('redis') ? 6379 : 5432)}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/** Postgres must answer; the database is created when missing so nothing manual stands between clone and start. */
async function ensurePostgres() {
  const target = new URL(env.DATABASE_URL);
  const database = decodeURIComponent(target.pathname.slice(1)) || 'postgres';
  const admin = new URL(env.DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    fail(
      `Cannot reach Postgres at ${describe(env.DATABASE_URL)} (${error.message}). Start it ` +
        '(`pg_ctlcluster --skip-systemctl-redirect 15 main start`, or `docker compose up -d postgres`) or set DATABASE_URL.',
    );
  }
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) {
      if (!/^[A-Za-z0-9_]+$/.test(database)) fail(`database name ${database} must be letters, digits and _`);
      await client.query(`create database ${database}`);
      say(`created database ${database}`);
    }
  } catch (error) {
    say(`could not check or create database ${database}: ${error.message} (the services will report if it is missing)`);
  } finally {
    await client.end();
  }
}

async function ensureRedis() {
  const client = new Redis(env.REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3000,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    fail(
      `Cannot reach Redis at ${describe(env.REDIS_URL)} (${error.message}). Start it ` +
        '(`redis-server --daemonize yes`, or `docker compose up -d redis`) or set REDIS_URL.',
    );
  } finally {
    client.disconnect();
  }
}

const running = new Map();
let stopping = false;

function start(child, attempt = 0) {
  const log = createWriteStream(join(logDir, `${child.name}.log`), { flags: 'a' });
  const proc = spawn(process.execPath, [join(root, child.entry)], {
    cwd: root,
    env: child.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Children log JSON lines; they go to the terminal as-is and to var/log/<name>.log for later reading.
  for (const stream of [proc.stdout, proc.stderr]) {
    stream.on('data', (chunk) => {
      process.stdout.write(chunk);
      log.write(chunk);
    });
  }
  const startedAt = Date.now();
  running.set(child.name, proc);
  proc.on('exit', (code, signal) => {
    running.delete(child.name);
    log.end();
    if (stopping) return;
    // A child that keeps dying right away (bad config) is not restarted forever: its own log line says why.
    const quick = Date.now() - startedAt < 5000;
    const next = quick ? attempt + 1 : 0;
    if (code === 78 || next > 5) {
      say(`${child.name} exited (${signal ?? code}) and will not be restarted; stopping everything`);
      void stopAll(1);
      return;
    }
    const delay = Math.min(250 * 2 ** next, 5000);
    say(`${child.name} exited (${signal ?? code}); restarting in ${delay} ms`);
    setTimeout(() => !stopping && start(child, next), delay);
  });
}

async function stopAll(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  say('stopping...');
  const grace = Number(env.SHUTDOWN_TIMEOUT_MS || 8000) + 2000;
  const exits = [...running.values()].map(
    (proc) =>
      new Promise((done) => {
        const timer = setTimeout(() => proc.kill('SIGKILL'), grace);
        proc.once('exit', () => {
          clearTimeout(timer);
          done(undefined);
        });
        proc.kill('SIGTERM');
      }),
  );
  await Promise.all(exits);
  say('stopped');
  process.exit(exitCode);
}

async function waitHealthy(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(`http://127.0.0.1:${env.PORT}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
// `kill <pid of npm>` ends npm without always passing the signal on; an orphaned supervisor must not keep the
// system running with nobody to stop it.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && void stopAll(0), 1000).unref();

buildIfNeeded();
await ensurePostgres();
await ensureRedis();
mkdirSync(logDir, { recursive: true });
for (const child of children) start(child);
if (await waitHealthy(Number(env.START_TIMEOUT_MS || 60000))) {
  say(`Meet Match Date Marry is running at ${env.PUBLIC_URL}  (staff panel: ${env.PUBLIC_URL}/admin)`);
  if (replicas > 1)
    say(`${replicas} replicas each of auth (${env.AUTH_URL}), the waitlist API (${env.WAITLIST_URL}) and the worker`);
  say(
    `logs: ${logDir}/<process>.log · mail: ${env.SMTP_URL ? describe(env.SMTP_URL) : `.eml files in ${env.MAIL_DIR || 'var/mail'}`}`,
  );
} else if (!stopping) {
  say(
    `not healthy yet after ${env.START_TIMEOUT_MS || 60000} ms; see the logs above (GET /healthz names what is down)`,
  );
}
