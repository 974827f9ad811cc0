import ajv2019 from 'ajv/dist/2019.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gatewayEnvSchema } from '../../gateway/src/config.js';
import { authEnvSchema } from '../../services/auth/src/config.js';
import { apiEnvSchema, loadApiConfig, loadWorkerConfig, workerEnvSchema } from '../../services/waitlist/src/config.js';
import { backupEnvSchema } from '../../services/backup/src/modules/backup/backup.schema.js';
import {
  composeFormats,
  composeSchema,
  durationMs,
  loadComposeFile,
  type ComposeService,
} from './support/compose-file.js';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const { file: compose, variables } = loadComposeFile(root('docker-compose.yml'));
/** What `docker compose up` starts: the services outside any profile (the optional ones have their own tests). */
const services = Object.fromEntries(Object.entries(compose.services).filter(([, service]) => !service.profiles));
const envExample = readFileSync(root('.env.example'), 'utf8');
const documented = new Set([...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));

/** The variables a process reads: the keys of its zod env schema (unwrapping a final `.transform`). */
function variablesOf(schema: unknown): string[] {
  const def = (schema as { def: { type: string; in?: unknown; shape?: Record<string, unknown> } }).def;
  if (def.type === 'pipe' && def.in) return variablesOf(def.in);
  return Object.keys(def.shape ?? {});
}

const processes: Record<string, string[]> = {
  gateway: variablesOf(gatewayEnvSchema),
  auth: variablesOf(authEnvSchema),
  waitlist: variablesOf(apiEnvSchema),
  'waitlist-worker': variablesOf(workerEnvSchema),
};

function environmentOf(service: ComposeService): Record<string, unknown> {
  const environment = service.environment ?? {};
  if (!Array.isArray(environment)) return environment;
  return Object.fromEntries(environment.map((line) => [line.split('=')[0], line.split('=').slice(1).join('=')]));
}

function buildOf(service: ComposeService): { context: string; dockerfile?: string; target?: string } | undefined {
  if (!service.build) return undefined;
  return typeof service.build === 'string' ? { context: service.build } : service.build;
}

function dockerfileOf(service: ComposeService): string | undefined {
  const build = buildOf(service);
  return build && readFileSync(root(`${build.context}/${build.dockerfile ?? 'Dockerfile'}`), 'utf8');
}

/** The stages a target is built from, itself first: `FROM <stage> AS <name>` back to an image. */
function stageChain(dockerfile: string, target: string): { name: string; from: string; text: string }[] {
  const stages = dockerfile
    .split(/^(?=FROM\s)/m)
    .filter((text) => text.startsWith('FROM'))
    .map((text) => {
      const [, from = '', name = ''] = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(text) ?? [];
      return { name, from, text };
    });
  const chain: { name: string; from: string; text: string }[] = [];
  for (let stage = stages.find((s) => s.name === target); stage; stage = stages.find((s) => s.name === stage?.from))
    chain.push(stage);
  return chain;
}

describe('docker-compose.yml', () => {
  // ajv is CommonJS: its class is both module.exports and module.exports.default, and only the latter is typed so.
  const ajv = new ajv2019.default({ strict: false, allErrors: true });
  for (const [name, pattern] of Object.entries(composeFormats)) ajv.addFormat(name, pattern);
  const validate = ajv.compile(composeSchema());

  it('is valid against the Compose Specification schema', () => {
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('would be refused by that check with a misspelt key or a bad duration', () => {
    const misspelt = structuredClone(compose) as unknown as { services: Record<string, Record<string, unknown>> };
    misspelt.services.gateway = { ...misspelt.services.gateway, helthcheck: {} };
    expect(validate(misspelt)).toBe(false);
    const badDuration = structuredClone(compose) as unknown as { services: Record<string, Record<string, unknown>> };
    badDuration.services.auth = { ...badDuration.services.auth, stop_grace_period: 'fifteen seconds' };
    expect(validate(badDuration)).toBe(false);
  });

  it('runs the services the architecture names', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['auth', 'gateway', 'mailpit', 'nginx', 'postgres', 'redis', 'waitlist', 'waitlist-worker'].sort(),
    );
  });

  it('publishes only nginx (and the development mail inbox)', () => {
    const publishing = Object.entries(services)
      .filter(([, service]) => (service.ports ?? []).length > 0)
      .map(([name]) => name)
      .sort();
    expect(publishing).toEqual(['mailpit', 'nginx']);
    expect(services.nginx?.ports).toEqual(['8080:80']);
    expect(services.mailpit?.ports).toEqual(['8025:8025']);
  });

  it('gives every service a healthcheck and starts each after what it needs is healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck?.test, `${name} has no healthcheck`).toBeTruthy();
      expect(service.healthcheck?.disable).not.toBe(true);
      const dependsOn = service.depends_on ?? {};
      expect(Array.isArray(dependsOn), `${name}: depends_on must name conditions`).toBe(false);
      for (const [dependency, { condition }] of Object.entries(dependsOn as Record<string, { condition: string }>)) {
        expect(condition, `${name} → ${dependency}`).toBe('service_healthy');
        expect(services[dependency]?.healthcheck, `${dependency} has no healthcheck`).toBeTruthy();
      }
    }
    expect(Object.keys(services.gateway?.depends_on ?? {}).sort()).toEqual(['auth', 'waitlist']);
    expect(Object.keys(services.nginx?.depends_on ?? {})).toEqual(['gateway']);
  });

  it('checks health without curl in the slim Node images and without starting node for every check', () => {
    for (const name of ['gateway', 'auth', 'waitlist', 'waitlist-worker']) {
      const test = services[name]?.healthcheck?.test;
      expect(Array.isArray(test) ? test.slice(0, 3) : test, name).toEqual(['CMD', 'bash', '-c']);
      expect(Array.isArray(test) ? test[3] : '', name).toMatch(
        /\/dev\/tcp\/127\.0\.0\.1\/\d+ .*GET \/(healthz|readyz) /,
      );
    }
  });

  it('builds the four Node processes as targets of one multi-stage Dockerfile that run as a non-root user', () => {
    const builds = ['gateway', 'auth', 'waitlist', 'waitlist-worker'].map((name) => buildOf(services[name] ?? {}));
    expect(new Set(builds.map((build) => `${build?.context}/${build?.dockerfile ?? 'Dockerfile'}`)).size).toBe(1);
    for (const name of ['gateway', 'auth', 'waitlist', 'waitlist-worker']) {
      const dockerfile = dockerfileOf(services[name] ?? {}) ?? '';
      const target = buildOf(services[name] ?? {})?.target ?? '';
      const chain = stageChain(dockerfile, target);
      expect(chain.length, `${name}: target "${target}" is not a stage built on another`).toBeGreaterThanOrEqual(2);
      expect(chain.at(-1)?.from).toBe('node:20-bookworm-slim');
      const runtime = chain.map((stage) => stage.text).join('\n');
      const users = [...runtime.matchAll(/^USER\s+(\S+)/gm)].map((match) => match[1]);
      expect(users.length, `${name}: the runtime stages set no USER`).toBeGreaterThan(0);
      expect(['root', '0', '0:0']).not.toContain(users[0]);
      expect(runtime).toMatch(/NODE_ENV=production/);
      expect(runtime, `${name} runs npm`).not.toMatch(/^RUN npm/m);
      expect(services[name]?.user, `${name} overrides the image user`).toBeUndefined();
    }
  });

  it("gives the images every node_modules folder npm installs, the workspaces' own ones too", () => {
    const dockerfile = dockerfileOf(services.auth ?? {}) ?? '';
    // A workspace's own node_modules holds the versions that differ from the hoisted ones (zod 4 beside a hoisted
    // zod 3): copying only /app/node_modules left every process unable to start.
    expect(dockerfile).toMatch(/^COPY --from=prod-deps \/app \.\/$/m);
    expect(dockerfile).not.toMatch(/--from=prod-deps \/app\/node_modules/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });

  it('ships each service its migrations, and the gateway the web build', () => {
    const dockerfile = dockerfileOf(services.auth ?? {}) ?? '';
    expect(dockerfile).toMatch(/for part in package\.json dist migrations/);
    expect(dockerfile).toMatch(/npm run build -w web[\s\S]*COPY --from=build \/out \.\//);
  });

  it('runs the e-mail worker as its own process from the waitlist image', () => {
    const worker = services['waitlist-worker'];
    expect(worker?.build).toEqual(services.waitlist?.build);
    expect(worker?.command).toEqual(['node', 'dist/worker-main.js']);
    expect(environmentOf(worker ?? {}).SMTP_URL).toBe('smtp://mailpit:1025');
  });

  it('keeps data on named volumes, with Redis persistent and never evicting', () => {
    expect(services.postgres?.image).toMatch(/^postgres:16-alpine/);
    expect(services.postgres?.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(services.redis?.image).toMatch(/^redis:7-alpine/);
    expect(services.redis?.volumes).toContain('redisdata:/data');
    const command = ([] as string[]).concat(services.redis?.command ?? []).join(' ');
    expect(command).toMatch(/--appendonly yes/);
    expect(command).toMatch(/--maxmemory-policy noeviction/);
    expect(Object.keys(compose.volumes ?? {}).sort()).toEqual(['backups', 'pgdata', 'redisdata']);
  });

  it('gives the Node processes longer to stop than their own shutdown bound', () => {
    for (const name of Object.keys(processes)) {
      const shutdownMs = Number(environmentOf(services[name] ?? {}).SHUTDOWN_TIMEOUT_MS);
      expect(shutdownMs, name).toBe(8000);
      expect(durationMs(services[name]?.stop_grace_period ?? '10s'), name).toBeGreaterThan(shutdownMs);
    }
  });

  it('sets only variables each process reads, under the names npm start uses', () => {
    for (const [name, known] of Object.entries(processes)) {
      const unknown = Object.keys(environmentOf(services[name] ?? {})).filter((variable) => !known.includes(variable));
      expect(unknown, `${name} is given variables it does not read`).toEqual([]);
    }
  });

  it('lets nginx reach only the gateway', () => {
    const networksOf = (name: string) => {
      const networks = services[name]?.networks ?? [];
      return Array.isArray(networks) ? networks : Object.keys(networks);
    };
    expect(networksOf('nginx')).toEqual(['edge']);
    expect(networksOf('gateway')).toEqual(['edge', 'internal']);
    for (const name of ['auth', 'waitlist', 'waitlist-worker', 'postgres', 'redis', 'mailpit']) {
      expect(networksOf(name), name).toEqual(['internal']);
    }
  });

  it('lets the gateway believe only nginx about X-Forwarded-For, and the services only the gateway', () => {
    const addressOn = (name: string, network: string) =>
      ((services[name]?.networks ?? {}) as Record<string, { ipv4_address?: string } | null>)[network]?.ipv4_address;
    const subnetOf = (network: string) =>
      ((compose.networks?.[network] ?? {}) as { ipam?: { config?: { subnet?: string }[] } }).ipam?.config?.[0]
        ?.subnet ?? '';
    const nginx = addressOn('nginx', 'edge');
    const gateway = addressOn('gateway', 'internal');
    expect(nginx).toBe('10.89.0.10');
    expect(gateway).toBe('10.89.1.10');
    expect(subnetOf('edge')).toBe('10.89.0.0/24');
    expect(subnetOf('internal')).toBe('10.89.1.0/24');
    expect(environmentOf(services.gateway ?? {}).GATEWAY_TRUSTED_PROXIES).toBe(nginx);
    for (const name of ['auth', 'waitlist'])
      expect(environmentOf(services[name] ?? {}).TRUST_PROXY, name).toBe(gateway);
    // One variable moves both networks and both addresses together.
    const moved = loadComposeFile(root('docker-compose.yml'), { NETWORK_PREFIX: '10.123' }).file;
    expect(JSON.stringify(moved)).not.toContain('10.89.');
    expect(environmentOf(moved.services.auth ?? {}).TRUST_PROXY).toBe('10.123.1.10');
  });

  it('points the links in mails and the canonical URLs at the published port when only HTTP_PORT is changed', () => {
    const moved = loadComposeFile(root('docker-compose.yml'), { HTTP_PORT: '9090' }).file;
    expect(moved.services.nginx?.ports).toEqual(['9090:80']);
    const asProcessEnv = (name: string) =>
      Object.fromEntries(
        Object.entries(environmentOf(moved.services[name] ?? {})).map(([key, value]) => [key, String(value ?? '')]),
      );
    expect(loadApiConfig(asProcessEnv('waitlist')).publicUrl).toBe('http://localhost:9090');
    expect(loadWorkerConfig(asProcessEnv('waitlist-worker')).publicUrl).toBe('http://localhost:9090');
    const build = buildOf(moved.services.gateway ?? {}) as { args?: Record<string, string> };
    expect(build.args).toEqual({ PUBLIC_URL: '', HTTP_PORT: '9090' });
    const withUrl = loadComposeFile(root('docker-compose.yml'), {
      HTTP_PORT: '9090',
      PUBLIC_URL: 'https://example.com',
    }).file;
    expect(environmentOf(withUrl.services.waitlist ?? {}).PUBLIC_URL).toBe('https://example.com');
  });
});

describe('the backup profile', () => {
  const backup = compose.services.backup;

  it('runs the scheduled backups from the backup target of the Dockerfile, onto a volume, only when asked for', () => {
    expect(backup?.profiles).toEqual(['backup']);
    expect(buildOf(backup ?? {})?.target).toBe('backup');
    expect(backup?.volumes).toEqual(['backups:/backups']);
    expect(Object.keys(backup?.depends_on ?? {})).toEqual(['postgres']);
    const environment = environmentOf(backup ?? {});
    expect(environment).toMatchObject({
      BACKUP_DIR: '/backups',
      BACKUP_SCHEDULE: '',
      BACKUP_KEEP: '',
      DATABASE_URL: 'postgres://postgres:postgres@postgres:5432/mmdm',
    });
    const known = [...variablesOf(backupEnvSchema), 'NODE_ENV', 'TMPDIR'];
    expect(Object.keys(environment).filter((name) => !known.includes(name))).toEqual([]);
    expect((backup as { read_only?: boolean } | undefined)?.read_only).toBe(true);
  });

  it("builds on the runtime with PostgreSQL's client of the compose server's major version, as the non-root user", () => {
    const dockerfile = dockerfileOf(backup ?? {}) ?? '';
    const chain = stageChain(dockerfile, 'backup');
    expect(chain.map((stage) => stage.name)).toEqual(['backup', 'runtime']);
    const stage = chain[0]?.text ?? '';
    expect(stage).toMatch(/postgresql-client-\$\{PG_CLIENT_MAJOR\}/);
    expect(stage).toMatch(/^USER node$/m);
    const serverMajor = /^postgres:(\d+)/.exec(compose.services.postgres?.image ?? '')?.[1];
    expect((buildOf(backup ?? {}) as { args?: Record<string, string> }).args?.PG_CLIENT_MAJOR).toBe(serverMajor);
    expect(dockerfile).toMatch(/--workspace=@mmdm\/backup/);
  });
});

describe('.env.example', () => {
  it('lists every variable docker-compose.yml uses', () => {
    const missing = [...variables].filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });

  it('lists every variable every process reads', () => {
    const missing = [...Object.values(processes), variablesOf(backupEnvSchema)]
      .flat()
      .filter((name) => !documented.has(name));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('sets no value, so that every default stays in one place (the config schemas)', () => {
    const assigned = [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.+)$/gm)].map((match) => match[1]);
    expect(assigned).toEqual([]);
  });
});
