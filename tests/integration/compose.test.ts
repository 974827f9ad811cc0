import ajv2019 from 'ajv/dist/2019.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gatewayEnvSchema } from '../../gateway/src/config.js';
import { authEnvSchema } from '../../services/auth/src/config.js';
import { apiEnvSchema, workerEnvSchema } from '../../services/waitlist/src/config.js';
import { composeFormats, composeSchema, durationMs, loadComposeFile, type ComposeService } from './support/compose-file.js';

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

function dockerfileOf(service: ComposeService): string | undefined {
  if (!service.build) return undefined;
  const build = typeof service.build === 'string' ? { context: service.build } : service.build;
  return readFileSync(root(`${build.context}/${build.dockerfile ?? 'Dockerfile'}`), 'utf8');
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

  it('checks health without curl in the slim Node images', () => {
    for (const name of ['gateway', 'auth', 'waitlist', 'waitlist-worker']) {
      const test = services[name]?.healthcheck?.test;
      expect(Array.isArray(test) ? test.slice(0, 3) : test, name).toEqual(['CMD', 'node', '-e']);
    }
  });

  it('builds gateway, auth and waitlist with multi-stage Dockerfiles that run as a non-root user', () => {
    for (const name of ['gateway', 'auth', 'waitlist', 'waitlist-worker']) {
      const dockerfile = dockerfileOf(services[name] ?? {});
      expect(dockerfile, `${name} is not built from this repo`).toBeDefined();
      const stages = dockerfile?.match(/^FROM\s+\S+/gm) ?? [];
      expect(stages.length, name).toBeGreaterThanOrEqual(2);
      expect(stages.every((stage) => stage.includes('node:20-bookworm-slim'))).toBe(true);
      const runtime = dockerfile?.slice(dockerfile.lastIndexOf('\nFROM ')) ?? '';
      const users = [...runtime.matchAll(/^USER\s+(\S+)/gm)].map((match) => match[1]);
      expect(users.length, `${name}: the runtime stage sets no USER`).toBeGreaterThan(0);
      expect(['root', '0', '0:0']).not.toContain(users.at(-1));
      expect(runtime).toMatch(/NODE_ENV=production/);
      expect(runtime).toMatch(/npm ci --omit=dev|--from=prod-deps/);
      expect(services[name]?.user, `${name} overrides the image user`).toBeUndefined();
    }
  });

  it('ships each service its migrations, and the gateway the web build', () => {
    for (const name of ['auth', 'waitlist']) {
      expect(dockerfileOf(services[name] ?? {})).toMatch(new RegExp(`COPY services/${name}/migrations services/${name}/migrations`));
    }
    expect(dockerfileOf(services.gateway ?? {})).toMatch(/npm run build -w web[\s\S]*COPY --from=build \/app\/web\/dist web\/dist/);
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
    expect(Object.keys(compose.volumes ?? {}).sort()).toEqual(['pgdata', 'redisdata']);
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
    expect(services.nginx?.networks).toEqual(['edge']);
    expect(services.gateway?.networks).toEqual(['edge', 'internal']);
    for (const name of ['auth', 'waitlist', 'waitlist-worker', 'postgres', 'redis', 'mailpit']) {
      expect(services[name]?.networks, name).toEqual(['internal']);
    }
  });
});

describe('.env.example', () => {
  it('lists every variable docker-compose.yml uses', () => {
    const missing = [...variables].filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });

  it('lists every variable every process reads', () => {
    const missing = Object.values(processes)
      .flat()
      .filter((name) => !documented.has(name));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('sets no value, so that every default stays in one place (the config schemas)', () => {
    const assigned = [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.+)$/gm)].map((match) => match[1]);
    expect(assigned).toEqual([]);
  });
});
