import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { request } from '../support/http.js';
import { findEngine } from './engine.js';
import { freePort } from '../support/free-port.js';

/**
 * Ops' two commands on a fresh clone (`cp .env.example .env`, `docker compose up --build`), then what ops and users
 * would notice through nginx's published port: the pages, a sign-up and its mail, the confirmation, staff sign-in,
 * the staff CLI, data kept across `down`/`up`, nothing left after `down -v`. Skips, saying why, where no engine runs.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const engine = findEngine(repoRoot);
if ('missing' in engine) console.warn(`test:compose SKIPPED: ${engine.missing}`);

const run = randomBytes(3).toString('hex');
const project = `mmdmjourney${run}`;
const admin = { email: `admin-${run}@example.com`, password: `journey admin ${run} passphrase` };
const viewer = { email: `viewer-${run}@example.com`, password: `journey viewer ${run} passphrase` };
const SIGNUP_RATE_LIMIT = 3;
const NODE_SERVICES = ['gateway', 'auth', 'waitlist', 'waitlist-worker'];
const ALL_SERVICES = [...NODE_SERVICES, 'nginx', 'postgres', 'redis', 'mailpit'];

let dir = '';
let site = '';
let inbox = '';
let networkPrefix = '';
const report: string[] = [];

/** Only what compose needs from this process: vitest's NODE_ENV=test (and anything else) must not reach the stack. */
function composeEnv(): NodeJS.ProcessEnv {
  const keep = [
    'PATH',
    'HOME',
    'USER',
    'TMPDIR',
    'DOCKER_HOST',
    'DOCKER_CONFIG',
    'DOCKER_CONTEXT',
    'http_proxy',
    'https_proxy',
    'no_proxy',
  ];
  const env: NodeJS.ProcessEnv = { COMPOSE_PROJECT_NAME: project };
  for (const name of keep) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

function sh(
  command: string,
  args: string[],
  options: { cwd?: string; input?: string; timeoutMs?: number } = {},
): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    cwd: options.cwd ?? dir,
    input: options.input,
    encoding: 'utf8',
    env: composeEnv(),
    timeout: options.timeoutMs ?? 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
}

function ok(result: SpawnSyncReturns<string>, what: string): string {
  if (result.status !== 0)
    throw new Error(`${what} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`.slice(-6000));
  return result.stdout;
}

/** `docker compose ARGS` in the clone, through whichever compose this machine has; throws only when none. */
function composeRun(args: string[], timeoutMs = 300_000): SpawnSyncReturns<string> {
  if ('missing' in engine) throw new Error(engine.missing);
  const [command = '', ...first] = engine.compose;
  return sh(command, [...first, ...args], { timeoutMs });
}

function compose(args: string[], timeoutMs = 300_000): string {
  return ok(composeRun(args, timeoutMs), `compose ${args.join(' ')}`);
}

function docker(args: string[], timeoutMs = 60_000): string {
  return ok(sh('docker', args, { timeoutMs }), `docker ${args.join(' ')}`);
}

/** What the project owns on the engine, by compose's labels. */
function owned(kind: 'ps -a' | 'volume ls' | 'network ls'): string[] {
  const label = `label=com.docker.compose.project=${project}`;
  const out = docker([
    ...kind.split(' '),
    '--filter',
    label,
    '--format',
    kind === 'ps -a' ? '{{.Names}}' : '{{.Name}}',
  ]);
  return out.split('\n').filter(Boolean);
}

interface ContainerState {
  service: string;
  image: string;
  health: string;
  exitCode: number;
  readOnly: boolean;
  finishedAt: string;
}

function containers(): ContainerState[] {
  const ids = docker(['ps', '-aq', '--filter', `label=com.docker.compose.project=${project}`])
    .split('\n')
    .filter(Boolean);
  if (ids.length === 0) return [];
  const format =
    '{{index .Config.Labels "com.docker.compose.service"}}\t{{.Image}}\t{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}\t{{.State.ExitCode}}\t{{.HostConfig.ReadonlyRootfs}}\t{{.State.FinishedAt}}';
  return docker(['inspect', '--format', format, ...ids])
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [service = '', image = '', health = '', exitCode = '', readOnly = '', finishedAt = ''] = line.split('\t');
      return { service, image, health, exitCode: Number(exitCode), readOnly: readOnly === 'true', finishedAt };
    });
}

async function waitHealthy(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: ContainerState[] = [];
  while (Date.now() < deadline) {
    last = containers();
    if (last.length === ALL_SERVICES.length && last.every((container) => container.health === 'healthy')) return;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const logs = composeRun(['logs', '--tail', '30']);
  throw new Error(
    `not every service became healthy: ${JSON.stringify(last.map(({ service, health }) => [service, health]))}\n${logs.stdout}`,
  );
}

/** 10.X with X unused by any network of the engine: compose's fixed subnets must not overlap another stack's. */
function freeNetworkPrefix(): string {
  const ids = docker(['network', 'ls', '-q']).split('\n').filter(Boolean);
  const used = docker(['network', 'inspect', '--format', '{{range .IPAM.Config}}{{.Subnet}} {{end}}', ...ids]);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const prefix = `10.${100 + Math.floor(Math.random() * 150)}`;
    if (!used.includes(`${prefix}.`)) return prefix;
  }
  throw new Error('no free 10.X prefix for the stack');
}

function setEnv(text: string, values: Record<string, string | number>): string {
  let out = text;
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^${name}=.*$`, 'm');
    out = line.test(out) ? out.replace(line, `${name}=${value}`) : `${out}\n${name}=${value}\n`;
  }
  return out;
}

const messagesSchema = z.object({
  messages: z.array(z.object({ ID: z.string(), To: z.array(z.object({ Address: z.string() })) })),
});
const messageSchema = z.object({ Text: z.string().optional(), HTML: z.string().optional() });

/** The mail to `email` in Mailpit's inbox, through its API (the stand-in serves the same endpoints). */
async function mailTo(email: string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const list = messagesSchema.parse((await request(inbox, '/api/v1/messages')).body);
    const found = list.messages.find((message) =>
      message.To.some((to) => to.Address.toLowerCase() === email.toLowerCase()),
    );
    if (found) {
      const message = messageSchema.parse((await request(inbox, `/api/v1/message/${found.ID}`)).body);
      return `${message.Text ?? ''}\n${message.HTML ?? ''}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no mail to ${email} in the inbox within ${timeoutMs} ms`);
}

async function login(account: { email: string; password: string }): Promise<{ status: number; token: string }> {
  const answer = await request(site, '/api/admin/login', { method: 'POST', body: account });
  const token = answer.status === 200 ? z.object({ token: z.string() }).parse(JSON.parse(answer.text)).token : '';
  return { status: answer.status, token };
}

function diskUsedBytes(): number {
  const root = docker(['info', '--format', '{{.DockerRootDir}}']).trim();
  const out = ok(sh('du', ['-sxb', root], { cwd: '/', timeoutMs: 120_000 }), 'du');
  return Number(out.split('\t')[0]);
}

describe.skipIf('missing' in engine)('docker compose up --build on a fresh clone', () => {
  let signupEmail = '';
  let confirmToken = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mmdm-compose-'));
    // HEAD of this checkout, as CI and ops get it: what is not committed is not in the run.
    ok(sh('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, dir], { cwd: repoRoot }), 'git clone');
    const httpPort = await freePort();
    const inboxPort = await freePort();
    networkPrefix = freeNetworkPrefix();
    site = `http://127.0.0.1:${httpPort}`;
    inbox = `http://127.0.0.1:${inboxPort}`;
    // `cp .env.example .env`, then only what this run must not share with a stack already on the machine.
    const env = setEnv(readFileSync(join(dir, '.env.example'), 'utf8'), {
      HTTP_PORT: httpPort,
      MAILPIT_UI_PORT: inboxPort,
      NETWORK_PREFIX: networkPrefix,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SIGNUP_RATE_LIMIT,
      // Test machines resolve no outside name (NXDOMAIN for all), so the sign-up's MX/A check would refuse the
      // journey's example.com addresses; the check itself is tested against a DNS server of its own (modules/abuse).
      EMAIL_DNS_CHECK: 'false',
    });
    writeFileSync(join(dir, '.env'), env);
    report.push(
      `engine: ${'compose' in engine ? engine.description : ''}; project ${project}; site ${site}; inbox ${inbox}`,
    );

    const diskBefore = diskUsedBytes();
    const started = Date.now();
    const first = composeRun(['up', '--build', '-d'], 1_100_000);
    if (first.status !== 0) {
      // compose gives up on the first dependency whose healthcheck failed three times, which a loaded 2-core runner
      // can cause; a second `up` converges (ops would type it too). Every service must still end healthy below.
      if (!/is unhealthy/.test(first.stderr)) ok(first, 'compose up --build -d');
      report.push(
        `first up stopped at an unhealthy dependency, ran up -d again: ${first.stderr.trim().split('\n').at(-2) ?? ''}`,
      );
      compose(['up', '-d'], 600_000);
    }
    await waitHealthy(300_000);
    const seconds = Math.round((Date.now() - started) / 1000);
    const addedMb = Math.round((diskUsedBytes() - diskBefore) / 1e6);
    report.push(
      `first up --build until every service healthy: ${seconds} s; disk added under Docker's root: ${addedMb} MB`,
    );
  });

  afterAll(() => {
    if (report.length) console.info(`test:compose\n  ${report.join('\n  ')}`);
    if (!dir) return;
    if (process.env.KEEP_COMPOSE_STACK !== 'true') {
      // Whatever a failed step left: containers, volumes, networks and the images this run built.
      composeRun(['down', '-v', '--rmi', 'local', '--timeout', '5'], 180_000);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs every Node process from its image as a non-root user on a read-only root', () => {
    const states = containers();
    expect(states.map((state) => state.service).sort()).toEqual([...ALL_SERVICES].sort());
    for (const state of states.filter((s) => NODE_SERVICES.includes(s.service))) {
      expect(state.readOnly, `${state.service} has a writable root`).toBe(true);
      const user = docker(['image', 'inspect', '--format', '{{.Config.User}}', state.image]).trim();
      expect(['', 'root', '0', '0:0'], `${state.service} runs as ${user || 'root'}`).not.toContain(user);
    }
  });

  it('finds every dependency of every workspace inside the images, with no network at all', () => {
    // The class of failure that kept the stack down: a package a workspace needs missing from the image. Each
    // manifest's dependencies are looked for from that workspace's folder along Node's own search path (a package
    // whose `exports` hide its package.json, like ours, is found by its folder). The web workspace is left out: its
    // build is static files the gateway serves, and its dependencies are bundled into them.
    const check = `
      const { createRequire } = require('node:module');
      const { existsSync, readFileSync } = require('node:fs');
      const root = JSON.parse(readFileSync('/app/package.json', 'utf8'));
      const missing = [];
      for (const ws of root.workspaces) {
        const manifest = '/app/' + ws + '/package.json';
        if (ws === 'web' || !existsSync('/app/' + ws + '/dist')) continue;
        const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
        const req = createRequire(manifest);
        for (const dep of Object.keys(pkg.dependencies || {})) {
          const found = (req.resolve.paths(dep) || []).some((dir) => existsSync(dir + '/' + dep + '/package.json'));
          if (!found) missing.push(ws + ' -> ' + dep);
        }
      }
      if (missing.length) { console.error('missing: ' + missing.join(', ')); process.exit(1); }
    `;
    const images = [
      ...new Set(
        containers()
          .filter((s) => NODE_SERVICES.includes(s.service))
          .map((s) => s.image),
      ),
    ];
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) {
      docker(['run', '--rm', '--network', 'none', '--read-only', '--cap-drop', 'ALL', image, 'node', '-e', check]);
    }
  });

  it('serves the pages through nginx, with canonical URLs on the published port', async () => {
    for (const path of ['/', '/waitlist', '/admin/login', '/robots.txt']) {
      const page = await request(site, path);
      expect(page.status, path).toBe(200);
    }
    const home = await request(site, '/');
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.text).toContain(`http://localhost:${new URL(site).port}/`);
    expect(home.text).not.toContain('http://localhost:8080');
    expect((await request(site, '/no-such-page')).status).toBe(404);
  });

  it('takes a sign-up whose mail reaches the inbox, with links on the published port, and confirms it', async () => {
    signupEmail = `journey-${run}@example.com`;
    const signup = await request(site, '/waitlist', { method: 'POST', body: { email: signupEmail } });
    expect(signup.status, signup.text).toBeLessThan(300);
    const mail = await mailTo(signupEmail);
    const link = /(https?:\/\/[^\s"'<>]+\/confirm\?token=([A-Za-z0-9_-]+))/.exec(mail);
    expect(link?.[1], 'the mail carries a confirmation link').toMatch(
      new RegExp(`^http://localhost:${new URL(site).port}/confirm\\?token=`),
    );
    confirmToken = link?.[2] ?? '';
    // The confirmation page makes this call with the token from its URL.
    const confirm = await request(site, '/waitlist/confirm', { method: 'POST', body: { token: confirmToken } });
    expect(confirm.status, confirm.text).toBe(200);
  });

  it('signs staff in and verifies the token; the sign-up shows as confirmed', async () => {
    const { status, token } = await login(admin);
    expect(status).toBe(200);
    const verify = await request(site, '/api/admin/verify', { token });
    expect(verify.status).toBe(200);
    expect(JSON.parse(verify.text)).toMatchObject({ valid: true, role: 'admin' });
    const entries = await request(site, `/api/admin/waitlist/entries?q=${encodeURIComponent(signupEmail)}`, { token });
    expect(entries.status, entries.text).toBe(200);
    expect(entries.text).toContain(signupEmail);
    expect(entries.text).toMatch(/confirmed/i);
  });

  it('creates a staff account with the CLI through `docker compose exec`', async () => {
    compose([
      'exec',
      '-T',
      '-e',
      `STAFF_PASSWORD=${viewer.password}`,
      'auth',
      'node',
      'dist/cli/create-staff.js',
      '--email',
      viewer.email,
      '--role',
      'viewer',
    ]);
    const { status, token } = await login(viewer);
    expect(status).toBe(200);
    expect(JSON.parse((await request(site, '/api/admin/verify', { token })).text)).toMatchObject({
      valid: true,
      role: 'viewer',
    });
  });

  it('backs up through the backup profile; the restore refuses the live database, then with --force replaces it', async () => {
    const backup = ['--profile', 'backup', 'run', '--rm', 'backup', 'node'];
    const started = Date.now();
    // The first run builds the backup image (the runtime plus PostgreSQL's client).
    const made = compose([...backup, 'dist/cli/backup.js', '--out', '/backups/journey.backup.tar'], 900_000);
    expect(made).toMatch(/Backup written to \/backups\/journey\.backup\.tar/);
    expect(made).toMatch(/waitlist: migration \d+_\w+, \d+ rows/);
    report.push(`backup image built and first backup written: ${Math.round((Date.now() - started) / 1000)} s`);

    const refused = composeRun([...backup, 'dist/cli/restore.js', '/backups/journey.backup.tar']);
    expect(refused.status, refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(/already holds the schemas auth, waitlist.*Nothing was changed/);

    compose(['stop', 'gateway', 'waitlist-worker', 'waitlist', 'auth'], 120_000);
    const restored = compose([...backup, 'dist/cli/restore.js', '/backups/journey.backup.tar', '--force']);
    expect(restored).toMatch(/^Restored \/backups\/journey\.backup\.tar/);
    compose(['up', '-d'], 300_000);
    await waitHealthy(300_000);
    const { status, token } = await login(viewer);
    expect(status, 'the staff account of before the backup signs in after the restore').toBe(200);
    const entries = await request(site, `/api/admin/waitlist/entries?q=${encodeURIComponent(signupEmail)}`, { token });
    expect(entries.text).toContain(signupEmail);
  });

  it('believes no container but nginx about X-Forwarded-For, and the services none but the gateway', () => {
    // From the worker's container on `internal`: sign-ups each claiming another client address. Believed, every
    // one would count against its own made-up address and none would be limited.
    const attempts = (url: string, count: number) => `
      const statuses = [];
      for (let i = 0; i < ${count}; i += 1) {
        const response = await fetch('${url}', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.' + (Date.now() % 200 + i) },
          body: JSON.stringify({ email: 'forged-' + i + '-' + Date.now() + '@example.com' }),
        });
        statuses.push(response.status);
      }
      console.log(JSON.stringify(statuses));
    `;
    const inWorker = (script: string) =>
      JSON.parse(
        compose(['exec', '-T', 'waitlist-worker', 'node', '--input-type=module', '-e', script])
          .trim()
          .split('\n')
          .at(-1) ?? '[]',
      ) as number[];
    // Straight to the waitlist service: its limit is reached from the worker's own address.
    const direct = inWorker(attempts('http://waitlist:8082/waitlist', SIGNUP_RATE_LIMIT + 1));
    expect(
      direct.slice(0, SIGNUP_RATE_LIMIT).every((status) => status < 300),
      JSON.stringify(direct),
    ).toBe(true);
    expect(direct.at(-1), `the service believed a forged address: ${JSON.stringify(direct)}`).toBe(429);
    // Through the gateway, with yet another made-up address: the gateway passes the worker's own address on.
    const viaGateway = inWorker(attempts('http://gateway:8080/waitlist', 1));
    expect(viaGateway, 'the gateway believed a forged address from `internal`').toEqual([429]);
  });

  it('stops every Node process cleanly within the grace period, and keeps the data across down and up', async () => {
    const started = Date.now();
    compose(['stop'], 120_000);
    const stopSeconds = (Date.now() - started) / 1000;
    for (const state of containers().filter((s) => NODE_SERVICES.includes(s.service))) {
      // 137 would be Docker's SIGKILL after stop_grace_period: the process did not finish by itself.
      expect(state.exitCode, `${state.service} exit code`).toBe(0);
    }
    expect(stopSeconds).toBeLessThan(60);
    report.push(`compose stop: ${stopSeconds.toFixed(1)} s, every Node process exit 0`);

    compose(['down'], 120_000);
    expect(owned('ps -a')).toEqual([]);
    // pgdata, redisdata and the backups of the backup profile.
    expect(owned('volume ls').length).toBe(3);
    const restarted = Date.now();
    compose(['up', '-d'], 300_000);
    await waitHealthy(300_000);
    report.push(`second up (built, data kept) until healthy: ${Math.round((Date.now() - restarted) / 1000)} s`);

    const { status, token } = await login(viewer);
    expect(status, 'the staff account made before down signs in after up').toBe(200);
    const entries = await request(site, `/api/admin/waitlist/entries?q=${encodeURIComponent(signupEmail)}`, { token });
    expect(entries.text).toContain(signupEmail);
    const again = await request(site, '/waitlist/confirm', { method: 'POST', body: { token: confirmToken } });
    expect(again.status, 'the link used before down is still known as used').toBe(409);
  });

  it('leaves no container, volume or network behind after down -v', () => {
    compose(['down', '-v'], 180_000);
    expect(owned('ps -a')).toEqual([]);
    expect(owned('volume ls')).toEqual([]);
    expect(owned('network ls')).toEqual([]);
  });
});
