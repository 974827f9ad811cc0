import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadComposeFile } from './support/compose-file.js';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const dir = root('infra/observability');
const promtool = spawnSync('promtool', ['--version']).status === 0 ? 'promtool' : undefined;

/** Every series name our processes expose: our metric names in the source (mmdm_*, http_*), and prom-client's defaults. */
function exposedNames(): Set<string> {
  const names = new Set<string>(['up']);
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist') walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        for (const [, name] of readFileSync(full, 'utf8').matchAll(/'((?:mmdm|http)_[a-z0-9_]+)'/g)) names.add(name!);
    }
  };
  for (const path of ['services', 'gateway/src']) walk(root(path));
  return names;
}

/** Metric names a PromQL expression refers to (identifiers followed by `{`, `[` or a space/operator, minus functions). */
function seriesIn(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""').replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  const words = [...withoutStrings.matchAll(/\b([a-z_][a-z0-9_:]*)\b(?!\s*\()/g)].map((match) => match[1]!);
  const keywords = new Set(['and', 'or', 'unless', 'bool', 'offset', 'vector', 'le']);
  return words.filter((word) => (!keywords.has(word) && /_/.test(word)) || word === 'up');
}

const defaults = ['process_', 'nodejs_'];
const known = exposedNames();
const isExposed = (name: string) => {
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return known.has(name) || known.has(base) || defaults.some((prefix) => name.startsWith(prefix));
};

describe('the Prometheus alert rules', () => {
  const rules = parse(readFileSync(join(dir, 'alerts.yml'), 'utf8')) as {
    groups: { rules: { alert: string; expr: string; for?: string; labels?: { severity?: string } }[] }[];
  };
  const all = rules.groups.flatMap((group) => group.rules);

  it('cover the situations of launch day, each with a severity and a hold time', () => {
    expect(all.map((rule) => rule.alert).sort()).toEqual(
      [
        'BounceMailboxDown',
        'MailBounceRateHigh',
        'MailComplaintRateHigh',
        'HighServerErrorRatio',
        'LoginThrottlingSpike',
        'MailJobsFailing',
        'OutboxMailOverdue',
        'ProcessNotReady',
        'WaveInvitationsStuck',
      ].sort(),
    );
    for (const rule of all) {
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.for, rule.alert).toMatch(/^\d+m$/);
    }
  });

  it('use only series our processes expose (a renamed metric would silence an alert)', () => {
    for (const rule of all)
      for (const name of seriesIn(rule.expr)) expect(isExposed(name), `${rule.alert}: ${name}`).toBe(true);
  });

  it.skipIf(!promtool && process.env.CI !== 'true')(
    'are valid PromQL, and fire exactly when their unit tests say (promtool)',
    () => {
      // On CI promtool must be there (.ci/run installs Debian's prometheus package): a missing tool must not pass.
      expect(promtool, 'promtool is not installed (apt-get install prometheus)').toBeDefined();
      execFileSync('promtool', ['check', 'rules', join(dir, 'alerts.yml')], { stdio: 'pipe' });
      execFileSync('promtool', ['test', 'rules', join(dir, 'alerts.test.yml')], { stdio: 'pipe', cwd: dir });
    },
  );

  it.skipIf(!promtool)('load with the scrape configuration that compose uses (promtool check config)', () => {
    const work = mkdtempSync(join(tmpdir(), 'mmdm-prom-'));
    try {
      const config = readFileSync(join(dir, 'prometheus.yml'), 'utf8').replace(
        '/etc/prometheus/alerts.yml',
        join(dir, 'alerts.yml'),
      );
      writeFileSync(join(work, 'prometheus.yml'), config);
      execFileSync('promtool', ['check', 'config', join(work, 'prometheus.yml')], { stdio: 'pipe' });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(join(dir, 'grafana/dashboards/mmdm.json'), 'utf8')) as {
    uid: string;
    panels: { type: string; title: string; targets?: { expr: string; datasource: { uid: string } }[] }[];
  };

  it('shows what an operator needs on launch day, each panel from our own series', () => {
    const titles = dashboard.panels.map((panel) => panel.title).join('\n');
    for (const topic of [
      /Sign-ups/,
      /5xx/,
      /p95/,
      /Oldest owed/,
      /queue jobs/,
      /Mails sent/,
      /Sign-in attempts/,
      /Postgres pool/,
      /Redis/,
      /Event-loop lag/,
    ])
      expect(titles).toMatch(topic);
    for (const panel of dashboard.panels.filter((panel) => panel.type !== 'row')) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        expect(target.datasource.uid).toBe('prometheus');
        for (const name of seriesIn(target.expr)) expect(isExposed(name), `${panel.title}: ${name}`).toBe(true);
      }
    }
  });

  it('uses the datasource that provisioning creates', () => {
    const datasource = parse(readFileSync(join(dir, 'grafana/provisioning/datasources/prometheus.yml'), 'utf8')) as {
      datasources: { uid: string; url: string }[];
    };
    expect(datasource.datasources[0]).toMatchObject({ uid: 'prometheus', url: 'http://prometheus:9090' });
  });
});

describe('compose profile observability', () => {
  const { file } = loadComposeFile(root('docker-compose.yml'));
  const prometheus = file.services.prometheus;
  const grafana = file.services.grafana;

  it('adds prometheus and grafana only when asked for, on the internal network, published on loopback only', () => {
    for (const [name, service] of Object.entries({ prometheus, grafana })) {
      expect(service?.profiles, name).toEqual(['observability']);
      expect(service?.networks, name).toEqual(['internal']);
      for (const port of service?.ports ?? []) expect(String(port), name).toMatch(/^127\.0\.0\.1:/);
      expect(service?.healthcheck?.test, name).toBeTruthy();
    }
  });

  it('mounts files that exist, and scrapes each process where it serves /metrics', () => {
    for (const service of [prometheus, grafana])
      for (const volume of service?.volumes ?? []) {
        const source = String(volume).split(':')[0]!;
        expect(existsSync(root(source)), source).toBe(true);
      }
    const config = parse(readFileSync(join(dir, 'prometheus.yml'), 'utf8')) as {
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    };
    const targets = Object.fromEntries(
      config.scrape_configs.map((job) => [job.job_name, job.static_configs[0]!.targets]),
    );
    expect(targets).toEqual({
      gateway: ['gateway:9080'],
      // Each process's metrics port, never an API's (auth 8081, waitlist 8082).
      auth: ['auth:9081'],
      waitlist: ['waitlist:9082'],
      'waitlist-worker': ['waitlist-worker:8083'],
    });
  });
});
