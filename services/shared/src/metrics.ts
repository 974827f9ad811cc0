import { createServer, type Server } from 'node:http';
import type { Express, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { runChecks, type Check } from './checks.js';
import type { Logger } from './logger.js';

export { Counter, Gauge, Histogram, Registry };

/**
 * Prometheus metrics shared by every process: one registry per process (per app in tests, so parallel apps never
 * share counters), the default process metrics (CPU, memory, GC, handles) and event-loop lag.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  // 20 ms resolution: lag worth alerting on is tens of milliseconds; finer sampling only costs wake-ups.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return registry;
}

/** Paths a probe or a scraper calls every few seconds: counting them would drown the traffic and its 5xx ratio. */
const UNCOUNTED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Route label for a request no route matched (404s, or refused before routing): one value, bounded cardinality. */
export const UNMATCHED_ROUTE = 'unmatched';

interface RequestSeries {
  count: { inc: () => void };
  duration: { observe: (seconds: number) => void };
}

export interface HttpMetrics {
  /** Counts one answered request. `route` must be a template (`/entries/:id`), never a raw path. */
  observe(route: string, method: string | undefined, status: number, seconds: number): void;
}

/**
 * `http_requests_total` and `http_request_duration_seconds` by route template, method and status. Each label
 * combination's series is looked up once and kept (nested maps, no key string built per request): the sign-up path
 * is measured for CPU per request.
 */
export function createHttpMetrics(registry: Registry): HttpMetrics {
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template, method and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by route template, method and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const series = new Map<string, Map<string, Map<number, RequestSeries>>>();

  const seriesOf = (route: string, method: string, status: number): RequestSeries => {
    let byMethod = series.get(route);
    if (!byMethod) series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let found = byStatus.get(status);
    if (!found) {
      const code = String(status);
      found = { count: requests.labels(route, method, code), duration: duration.labels(route, method, code) };
      byStatus.set(status, found);
    }
    return found;
  };

  return {
    observe(route, method, status, seconds) {
      // Any other method string is the client's invention: one label value for all, so nobody can mint series.
      const knownMethod = method !== undefined && KNOWN_METHODS.has(method) ? method : 'OTHER';
      const found = seriesOf(route, knownMethod, status);
      found.count.inc();
      found.duration.observe(seconds);
    },
  };
}

const ROUTE = Symbol('route');
const ROUTE_TEMPLATE = Symbol('routeTemplate');

interface RouteTemplateCarrier {
  baseUrl: string;
  [ROUTE]?: unknown;
  [ROUTE_TEMPLATE]?: string;
}

/**
 * Remembers each request's route template (`/api/admin` + `/staff/:id`) at the moment Express matches the route.
 * Read later, `req.baseUrl` has already been reset when an error left a mounted router, so it would say `/staff/:id`.
 * An accessor on this app's request prototype: no per-request closure or property definition.
 */
function captureRouteTemplates(app: Express): void {
  Object.defineProperty(app.request, 'route', {
    configurable: true,
    get(this: RouteTemplateCarrier) {
      return this[ROUTE];
    },
    set(this: RouteTemplateCarrier, route: { path?: unknown } | undefined) {
      this[ROUTE] = route;
      this[ROUTE_TEMPLATE] = typeof route?.path === 'string' ? this.baseUrl + route.path : UNMATCHED_ROUTE;
    },
  });
}

/**
 * Express middleware counting every answered request (499 when the client left first, as in the access log).
 * Install it first, before the routes.
 */
export function httpMetrics(app: Express, metrics: HttpMetrics): RequestHandler {
  captureRouteTemplates(app);
  return (req, res, next) => {
    const query = req.url.indexOf('?');
    if (UNCOUNTED_PATHS.has(query === -1 ? req.url : req.url.slice(0, query))) return next();
    const started = performance.now();
    res.once('close', () => {
      const template = (req as unknown as RouteTemplateCarrier)[ROUTE_TEMPLATE];
      metrics.observe(
        template ?? UNMATCHED_ROUTE,
        req.method,
        res.writableFinished ? res.statusCode : 499,
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}

/** `GET /metrics` in Prometheus's text format. */
export function metricsHandler(registry: Registry): RequestHandler {
  return (_req, res, next) => {
    registry.metrics().then((text) => {
      res.setHeader('Content-Type', registry.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.end(text);
    }, next);
  };
}

/** Connections of a pg pool in use and idle, and requests waiting for one: a pool too small shows as waiting > 0. */
export function registerPoolMetrics(registry: Registry, pool: pg.Pool): void {
  new Gauge({
    name: 'mmdm_pg_pool_connections_in_use',
    help: 'Postgres connections of this process checked out of its pool',
    registers: [registry],
    collect() {
      this.set(pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: 'mmdm_pg_pool_connections_idle',
    help: 'Postgres connections of this process open and idle in its pool',
    registers: [registry],
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: 'mmdm_pg_pool_waiting_requests',
    help: 'Queries of this process waiting for a free Postgres connection',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
}

/** 1 while the named Redis connection is ready, 0 otherwise (connecting, reconnecting, closed). */
export function registerRedisMetrics(registry: Registry, connections: Record<string, Redis>): void {
  new Gauge({
    name: 'mmdm_redis_connected',
    help: 'Whether this process’s Redis connection is ready (1) or not (0)',
    labelNames: ['connection'],
    registers: [registry],
    collect() {
      for (const [name, client] of Object.entries(connections))
        this.set({ connection: name }, client.status === 'ready' ? 1 : 0);
    },
  });
}

/** What `/readyz` answers, as a number: 1 when every check passes at scrape time, 0 when one fails. */
export function registerReadiness(registry: Registry, checks: Record<string, Check>): void {
  new Gauge({
    name: 'mmdm_ready',
    help: 'Whether this process can reach everything it needs (1) or not (0): the /readyz verdict at scrape time',
    registers: [registry],
    async collect() {
      this.set((await runChecks(checks)).status === 'ok' ? 1 : 0);
    },
  });
}

export interface MetricsServerOptions {
  registry: Registry;
  port: number;
  host: string;
  logger: Logger;
}

/**
 * A port of its own answering `GET /metrics` only, for a process whose main port is public (the gateway): the
 * scraper reaches it inside the cluster, visitors never do.
 */
export function startMetricsServer({ registry, port, host, logger }: MetricsServerOptions): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: only GET /metrics here\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics collection failed');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics collection failed\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

export interface GaugeOfRead<T> {
  name: string;
  help: string;
  pick: (value: T) => number;
}

/**
 * Gauges read from one query at scrape time. The registry collects them side by side, so they share the read in
 * flight: one query per scrape, and figures that always agree with each other. A read that fails reports NaN rather
 * than an old figure (`onError` says why, at debug level: the readiness gauge already tells the outage).
 */
export function registerGaugesOfOneRead<T>(
  registry: Registry,
  read: () => Promise<T>,
  onError: (error: unknown) => void,
  gauges: GaugeOfRead<T>[],
): void {
  let reading: Promise<T | undefined> | undefined;
  const readOnce = () =>
    (reading ??= read()
      .catch((error: unknown) => {
        onError(error);
        return undefined;
      })
      .finally(() => (reading = undefined)));
  for (const { name, help, pick } of gauges)
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const value = await readOnce();
        this.set(value === undefined ? Number.NaN : pick(value));
      },
    });
}
