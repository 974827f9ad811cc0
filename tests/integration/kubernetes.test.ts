import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Ajv } from 'ajv';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { renderKustomization, type K8sObject } from './support/kustomize.js';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const overlays = { dev: root('infra/k8s/overlays/dev'), production: root('infra/k8s/overlays/production') };
const rendered = { dev: renderKustomization(overlays.dev), production: renderKustomization(overlays.production) };
const kubectl = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;
const APPS = ['gateway', 'auth', 'waitlist', 'waitlist-worker'];

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: unknown) => Validatable;

/**
 * Operators' kinds (CloudNativePG's Cluster and Pooler) are checked against their CRDs' own schemas, vendored in
 * support/crds (see its README), as the API server checks them on apply.
 */
const CRD_SCHEMAS: Record<string, string> = {
  'postgresql.cnpg.io/v1 Cluster': 'postgresql.cnpg.io_clusters.v1.json.gz',
  'postgresql.cnpg.io/v1 Pooler': 'postgresql.cnpg.io_poolers.v1.json.gz',
};
// strict off: the CRDs carry the API server's own keywords (x-kubernetes-*), which it alone reads.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
function crdModelOf(object: K8sObject): ModelClass | undefined {
  const file = CRD_SCHEMAS[`${object.apiVersion} ${object.kind}`];
  if (!file) return undefined;
  const { schema } = JSON.parse(
    gunzipSync(readFileSync(root(`tests/integration/support/crds/${file}`))).toString(),
  ) as {
    schema: object;
  };
  const check = ajv.compile(schema);
  return class {
    constructor(private readonly data: unknown) {}
    validate() {
      if (!check(this.data)) throw new Error(ajv.errorsText(check.errors));
    }
  };
}

/** The kubernetes-models class for an object's apiVersion and kind; its validate() checks the Kubernetes API schema. */
async function modelOf(object: K8sObject): Promise<ModelClass> {
  const crd = crdModelOf(object);
  if (crd) return crd;
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
  const module =
    group === 'monitoring.coreos.com'
      ? `@kubernetes-models/prometheus-operator/${group}/${version}`
      : `kubernetes-models/${group ? `${group}/` : ''}${version}`;
  const loaded = (await import(module).catch(() => {
    throw new Error(`${object.apiVersion} ${object.kind} is not a known Kubernetes API type`);
  })) as Record<string, ModelClass>;
  const model = loaded[object.kind];
  if (!model) throw new Error(`${object.apiVersion} ${object.kind} is not a known Kubernetes API type`);
  return model;
}

async function validate(object: K8sObject): Promise<void> {
  const Model = await modelOf(object);
  new Model(structuredClone(object)).validate();
}

const find = (objects: K8sObject[], kind: string, name?: string) =>
  objects.filter((object) => object.kind === kind && (name === undefined || object.metadata.name === name));

// The shapes the assertions read; the schema validation covers the rest.
interface Container {
  name: string;
  image: string;
  ports?: { name: string; containerPort: number }[];
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string }; tcpSocket?: unknown };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { drop?: string[] };
  };
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: { runAsNonRoot?: boolean };
}
const podSpecOf = (object: K8sObject) => (object.spec as { template: { spec: PodSpec } }).template.spec;
const labelsOf = (object: K8sObject) =>
  (object.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;

describe.each(Object.keys(overlays) as (keyof typeof overlays)[])('the %s overlay', (overlay) => {
  const objects = rendered[overlay];

  it('renders objects that each validate against the Kubernetes API schemas', async () => {
    expect(objects.length).toBeGreaterThan(20);
    for (const object of objects)
      await expect(validate(object), `${object.kind}/${object.metadata.name}`).resolves.toBeUndefined();
    for (const object of objects)
      expect(object.metadata.namespace, `${object.kind}/${object.metadata.name}`).toBe(
        overlay === 'dev' ? 'mmdm-dev' : 'mmdm',
      );
  });

  it.skipIf(!kubectl)('renders exactly as `kubectl kustomize` does', () => {
    const key = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;
    const byKey = (list: K8sObject[]) => Object.fromEntries(list.map((object) => [key(object), object]));
    const theirs = parseAllDocuments(
      execFileSync('kubectl', ['kustomize', overlays[overlay]], { encoding: 'utf8' }),
    ).map((document) => document.toJS() as K8sObject);
    expect(byKey(objects)).toEqual(byKey(theirs));
  });

  it('runs gateway, auth, waitlist and worker non-root and read-only, probed, with measured resources', () => {
    for (const name of APPS) {
      const [deployment] = find(objects, 'Deployment', name);
      expect(deployment, name).toBeDefined();
      const pod = podSpecOf(deployment!);
      expect(pod.securityContext?.runAsNonRoot, name).toBe(true);
      const [container] = pod.containers;
      expect(container!.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
      });
      expect(container!.readinessProbe?.httpGet?.path, name).toBe(name === 'gateway' ? '/healthz' : '/readyz');
      if (name === 'gateway') expect(container!.livenessProbe?.tcpSocket, name).toBeDefined();
      else expect(container!.livenessProbe?.httpGet?.path, name).toBe('/healthz');
      // Idle RSS is 71–105 MB per process: the request covers it, the limit leaves room for load.
      expect(container!.resources?.requests?.memory, name).toBe('128Mi');
      expect(Number.parseInt(container!.resources?.limits?.memory ?? '0'), name).toBeGreaterThanOrEqual(256);
      expect(container!.image, name).toMatch(overlay === 'dev' ? /:dev$/ : /:\d+\.\d+\.\d+$/);
    }
  });

  it('gives each process a PodDisruptionBudget and an autoscaler, and Services that select its pods', () => {
    for (const name of APPS) {
      const [deployment] = find(objects, 'Deployment', name);
      const labels = labelsOf(deployment!);
      const [pdb] = find(objects, 'PodDisruptionBudget', name);
      expect((pdb?.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels, name).toEqual({
        'app.kubernetes.io/name': name,
      });
      const [hpa] = find(objects, 'HorizontalPodAutoscaler', name);
      expect((hpa?.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name, name).toBe(name);
      const [service] = find(objects, 'Service', name);
      const selector = (service?.spec as { selector: Record<string, string> }).selector;
      for (const [label, value] of Object.entries(selector)) expect(labels[label], name).toBe(value);
    }
  });

  it('migrates in a Job, publishes only the gateway, and scrapes every process', () => {
    const [job] = find(objects, 'Job', 'mmdm-migrate');
    const migrate = podSpecOf(job!);
    expect([...(migrate.initContainers ?? []), ...migrate.containers].map((container) => container.name)).toEqual([
      'auth',
      'waitlist',
    ]);

    const [ingress] = find(objects, 'Ingress');
    const backends = JSON.stringify(ingress?.spec);
    expect(backends).toContain('"name":"gateway"');
    expect(backends).not.toMatch(/"name":"(auth|waitlist)"/);

    const policies = find(objects, 'NetworkPolicy').map((policy) => policy.metadata.name);
    expect(policies).toEqual(
      expect.arrayContaining(['default-deny-ingress', 'gateway-from-ingress', 'services-from-gateway']),
    );

    expect(
      find(objects, 'ServiceMonitor')
        .map((monitor) => monitor.metadata.name)
        .sort(),
    ).toEqual([...APPS].sort());
  });

  it("lets the monitoring namespace reach each process's metrics port alone, and scrapes each there", () => {
    interface Rule {
      from?: { namespaceSelector?: { matchLabels?: Record<string, string> } }[];
      ports?: { port: number }[];
    }
    const fromMonitoring = find(objects, 'NetworkPolicy').flatMap((policy) =>
      ((policy.spec as { ingress?: Rule[] }).ingress ?? []).filter((rule) =>
        (rule.from ?? []).some(
          (peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'monitoring',
        ),
      ),
    );
    const reachable = fromMonitoring.flatMap((rule) => (rule.ports ?? []).map((port) => port.port)).sort();
    // The APIs (8081, 8082) believe X-Forwarded-For from any unique-local address: a pod in monitoring must not
    // reach them and state a client address of its choosing.
    expect(reachable).toEqual([8083, 9080, 9081, 9082]);
    for (const app of APPS) {
      const [deployment] = find(objects, 'Deployment', app);
      const [service] = find(objects, 'Service', app);
      const [monitor] = find(objects, 'ServiceMonitor', app);
      const scraped = (monitor!.spec as { endpoints: { port: string }[] }).endpoints.map((endpoint) => endpoint.port);
      const servicePorts = (service!.spec as { ports: { name: string; targetPort: string }[] }).ports;
      const containerPorts = podSpecOf(deployment!).containers[0]!.ports ?? [];
      for (const name of scraped) {
        const target = servicePorts.find((port) => port.name === name)?.targetPort;
        const port = containerPorts.find((container) => container.name === target)?.containerPort;
        expect([app, name, port !== undefined && reachable.includes(port)]).toEqual([app, name, true]);
      }
    }
  });

  it('carries the alert rules of infra/observability/alerts.yml, rule for rule, as a PrometheusRule', () => {
    const rules = find(objects, 'PrometheusRule');
    expect(rules.map((rule) => rule.metadata.name)).toEqual(['mmdm-alerts']);
    const alerts = parse(readFileSync(root('infra/observability/alerts.yml'), 'utf8')) as { groups: unknown[] };
    expect((rules[0]!.spec as { groups: unknown[] }).groups).toEqual(alerts.groups);
    // Picked up like the ServiceMonitors: by the part-of label a Prometheus's ruleSelector matches.
    expect(rules[0]!.metadata.labels).toMatchObject({ 'app.kubernetes.io/part-of': 'mmdm' });
  });

  it('reads only ConfigMaps and Secrets that exist (production: the one Secret ops create)', () => {
    const names = (kind: string) => new Set(find(objects, kind).map((object) => object.metadata.name));
    const [configMaps, secrets] = [names('ConfigMap'), names('Secret')];
    for (const workload of [...find(objects, 'Deployment'), ...find(objects, 'Job')]) {
      const pod = podSpecOf(workload);
      for (const container of [...pod.containers, ...(pod.initContainers ?? [])])
        for (const source of container.envFrom ?? []) {
          if (source.configMapRef)
            expect(configMaps.has(source.configMapRef.name), source.configMapRef.name).toBe(true);
          if (source.secretRef)
            expect(
              overlay === 'production' ? source.secretRef.name === 'mmdm-secrets' : secrets.has(source.secretRef.name),
            ).toBe(true);
        }
    }
    if (overlay === 'production') expect(secrets.size).toBe(0);
    else
      expect(find(objects, 'Deployment').map((deployment) => deployment.metadata.name)).toEqual(
        expect.arrayContaining(['postgres', 'redis', 'mailpit']),
      );
  });
});

describe("the production overlay's secret instructions", () => {
  it('name every secret a process reads (keys, passwords, URLs carrying credentials)', async () => {
    const schemas = await Promise.all([
      import('../../services/waitlist/src/config.js').then((m) => [m.apiEnvSchema, m.workerEnvSchema]),
      import('../../services/auth/src/config.js').then((m) => [m.authEnvSchema]),
      import('../../gateway/src/config.js').then((m) => [m.gatewayEnvSchema]),
      import('../../services/backup/src/modules/backup/backup.schema.js').then((m) => [m.backupEnvSchema]),
    ]);
    const variablesOf = (schema: unknown): string[] => {
      const def = (schema as { def: { type: string; in?: unknown; shape?: Record<string, unknown> } }).def;
      if (def.type === 'pipe' && def.in) return variablesOf(def.in);
      return Object.keys(def.shape ?? {});
    };
    const secrets = [...new Set(schemas.flat().flatMap(variablesOf))].filter(
      (name) =>
        /(_KEY|PASSWORD|SECRET)$/.test(name) ||
        ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'BOUNCE_MAILBOX_URL'].includes(name),
    );
    expect(secrets).toEqual(expect.arrayContaining(['ABUSE_KEY', 'SUPPRESSION_KEY', 'MFA_ENCRYPTION_KEY']));
    const instructions = readFileSync(root('infra/k8s/overlays/production/kustomization.yaml'), 'utf8');
    expect(secrets.filter((name) => !instructions.includes(name))).toEqual([]);
  });
});

describe('backups in the production overlay', () => {
  const objects = rendered.production;
  const [cronJob] = find(objects, 'CronJob', 'mmdm-backup');
  const jobSpec = (
    cronJob?.spec as { jobTemplate: { spec: { template: { spec: PodSpec & Record<string, unknown> } } } }
  )?.jobTemplate.spec;

  it('runs db:backup nightly as a CronJob, never two at once, onto a volume claim, keeping BACKUP_KEEP', () => {
    expect(cronJob).toBeDefined();
    expect(cronJob?.spec).toMatchObject({ schedule: '0 3 * * *', timeZone: 'Etc/UTC', concurrencyPolicy: 'Forbid' });
    const pod = jobSpec!.template.spec;
    const [container] = pod.containers as (Container & {
      command?: string[];
      env?: { name: string; value: string }[];
      volumeMounts?: { name: string; mountPath: string }[];
    })[];
    expect(container!.image).toMatch(/^mmdm\/backup:\d+\.\d+\.\d+$/);
    expect(container!.command).toEqual(['node', 'dist/cli/backup.js', '--dir', '/backups']);
    expect(container!.env).toEqual(expect.arrayContaining([{ name: 'BACKUP_KEEP', value: '14' }]));
    expect(container!.envFrom).toEqual([{ secretRef: { name: 'mmdm-secrets' } }]);
    expect(container!.volumeMounts).toEqual([{ name: 'backups', mountPath: '/backups' }]);
    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    expect(container!.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    const volumes = (pod as unknown as { volumes: { name: string; persistentVolumeClaim?: { claimName: string } }[] })
      .volumes;
    expect(volumes).toEqual([{ name: 'backups', persistentVolumeClaim: { claimName: 'mmdm-backups' } }]);
    const [claim] = find(objects, 'PersistentVolumeClaim', 'mmdm-backups');
    expect(claim?.spec).toMatchObject({ accessModes: ['ReadWriteOnce'] });
  });

  it('is only in production: dev keeps no backups', () => {
    expect(find(rendered.dev, 'CronJob')).toEqual([]);
  });
});

describe('the production overlay with operators (overlays/production-operators: CloudNativePG, Redis with Sentinel)', () => {
  const objects = renderKustomization(root('infra/k8s/overlays/production-operators'));
  const env = (object: K8sObject, container = 0) =>
    (
      podSpecOf(object).containers[container] as Container & {
        env?: { name: string; value?: string; valueFrom?: unknown }[];
      }
    ).env ?? [];

  it('adds a Cluster and a Pooler in transaction mode, valid against the operator CRDs, in the namespace', async () => {
    const [cluster] = find(objects, 'Cluster', 'mmdm-pg');
    const [pooler] = find(objects, 'Pooler', 'mmdm-pg-pooler-rw');
    for (const object of objects)
      await expect(validate(object), `${object.kind}/${object.metadata.name}`).resolves.toBeUndefined();
    expect(cluster?.spec).toMatchObject({ instances: 3, bootstrap: { initdb: { database: 'mmdm', owner: 'mmdm' } } });
    expect(pooler?.spec).toMatchObject({
      cluster: { name: 'mmdm-pg' },
      type: 'rw',
      pgbouncer: { poolMode: 'transaction' },
    });
    for (const object of objects)
      expect(object.metadata.namespace, `${object.kind}/${object.metadata.name}`).toBe('mmdm');
  });

  it("points every process at the Pooler in transaction mode and migrations, LISTEN and backups at the primary, from the operator's Secret", () => {
    for (const name of ['auth', 'waitlist', 'waitlist-worker']) {
      const [deployment] = find(objects, 'Deployment', name);
      const vars = Object.fromEntries(env(deployment!).map((v) => [v.name, v.value ?? v.valueFrom]));
      expect(vars.DATABASE_URL, name).toBe('postgres://$(PG_APP_USER):$(PG_APP_PASSWORD)@mmdm-pg-pooler-rw:5432/mmdm');
      expect(vars.DATABASE_POOL_MODE, name).toBe('transaction');
      expect(vars.DATABASE_DIRECT_URL, name).toEqual({ secretKeyRef: { name: 'mmdm-pg-app', key: 'uri' } });
      // $(VAR) is expanded only from variables defined before it in the list.
      const names = env(deployment!).map((v) => v.name);
      expect(names.indexOf('PG_APP_PASSWORD')).toBeLessThan(names.indexOf('DATABASE_URL'));
    }
    const [migrate] = find(objects, 'Job', 'mmdm-migrate');
    const pod = podSpecOf(migrate!) as PodSpec & { initContainers: (Container & { env?: { name: string }[] })[] };
    expect(pod.initContainers[0]!.env?.map((v) => v.name)).toEqual(['DATABASE_DIRECT_URL']);
    expect(env(migrate!).map((v) => v.name)).toEqual(['DATABASE_DIRECT_URL']);
    expect(JSON.stringify(migrate!.spec)).toContain('process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL');
    const [cronJob] = find(objects, 'CronJob', 'mmdm-backup');
    expect(JSON.stringify(cronJob!.spec)).toContain('"DATABASE_DIRECT_URL"');
  });

  it.skipIf(!kubectl)('renders exactly as `kubectl kustomize` does (components included)', () => {
    const key = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;
    const byKey = (list: K8sObject[]) => Object.fromEntries(list.map((object) => [key(object), object]));
    const theirs = parseAllDocuments(
      execFileSync('kubectl', ['kustomize', root('infra/k8s/overlays/production-operators')], { encoding: 'utf8' }),
    ).map((document) => document.toJS() as K8sObject);
    expect(byKey(objects)).toEqual(byKey(theirs));
  });

  it('runs Redis as three pods of a primary or replica and a sentinel each, and points every process at the sentinels', () => {
    const [statefulSet] = find(objects, 'StatefulSet', 'redis');
    const spec = statefulSet!.spec as { replicas: number; serviceName: string };
    expect(spec.replicas).toBe(3);
    expect(podSpecOf(statefulSet!).containers.map((c) => c.name)).toEqual(['redis', 'sentinel']);
    const [scripts] = find(objects, 'ConfigMap', 'redis-sentinel-scripts');
    const data = (scripts as K8sObject & { data: Record<string, string> }).data;
    expect(data['redis.sh']).toContain('--maxmemory-policy noeviction');
    expect(data['sentinel.sh']).toMatch(/sentinel monitor mmdm \$PRIMARY 6379 2/);
    for (const name of ['auth', 'waitlist', 'waitlist-worker']) {
      const [deployment] = find(objects, 'Deployment', name);
      const vars = Object.fromEntries(env(deployment!).map((v) => [v.name, v.value]));
      expect(vars.REDIS_SENTINEL_NAME, name).toBe('mmdm');
      const sentinels = vars.REDIS_SENTINELS!.split(',');
      expect(sentinels, name).toEqual(
        Array.from({ length: spec.replicas }, (_, i) => `redis-${i}.${spec.serviceName}:26379`),
      );
    }
  });

  it('lets the processes and the operator reach the instances past the default deny', () => {
    const [redisPolicy] = find(objects, 'NetworkPolicy', 'redis-from-mmdm');
    expect(JSON.stringify(redisPolicy?.spec)).toContain('"port":26379');
    const [policy] = find(objects, 'NetworkPolicy', 'postgres-from-mmdm');
    expect(JSON.stringify(policy?.spec)).toContain('"port":5432');
    expect(JSON.stringify(policy?.spec)).toContain('cnpg-system');
  });

  it('changes nothing without the component: the production overlay still reads its DATABASE_URL from mmdm-secrets', () => {
    const plain = rendered.production;
    expect(find(plain, 'Cluster')).toEqual([]);
    for (const deployment of find(plain, 'Deployment'))
      expect(JSON.stringify(podSpecOf(deployment)), deployment.metadata.name).not.toContain('DATABASE_POOL_MODE');
  });

  it('the CRD validation refuses a mistyped Cluster', async () => {
    const [cluster] = find(objects, 'Cluster', 'mmdm-pg');
    const broken = structuredClone(cluster!) as K8sObject & { spec: Record<string, unknown> };
    broken.spec.instances = 'three';
    await expect(validate(broken)).rejects.toThrow(/instances/);
  });
});

describe('the manifest validation', () => {
  it('refuses a mistyped value and an unknown kind, so a typo fails the test', async () => {
    const cronJob = structuredClone(find(rendered.production, 'CronJob', 'mmdm-backup')[0]!);
    (cronJob.spec as { concurrencyPolicy: unknown }).concurrencyPolicy = 7;
    await expect(validate(cronJob)).rejects.toThrow(/concurrencyPolicy/);
    const deployment = structuredClone(find(rendered.production, 'Deployment', 'gateway')[0]!);
    podSpecOf(deployment).containers[0]!.resources = { limits: { memory: 'plenty' } };
    await expect(validate(deployment)).rejects.toThrow(/memory/);
    const misspelt = { ...structuredClone(deployment), kind: 'Deploymnet' };
    await expect(validate(misspelt)).rejects.toThrow(/not a known Kubernetes API type/);
    const probe = structuredClone(find(rendered.production, 'Deployment', 'auth')[0]!);
    (podSpecOf(probe).containers[0]!.readinessProbe as unknown as { httpGet: { port: unknown } }).httpGet.port = {
      name: 'http',
    };
    await expect(validate(probe)).rejects.toThrow();
  });
});
