import type { Express } from 'express';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { pingPostgres } from './db.js';
import { healthRoutes } from './health.js';
import {
  metricsHandler,
  registerPoolMetrics,
  registerReadiness,
  registerRedisMetrics,
  type Registry,
} from './metrics.js';
import { pingRedis } from './redis.js';

/**
 * What every service process answers its probes and its scraper with: /healthz, /readyz (Postgres and the producer
 * Redis connection), and /metrics with the pool, Redis connections and readiness gauges in `registry`. On the
 * service's own port: the gateway never routes these paths to it.
 */
export function serveProbes(
  app: Express,
  // The Redis connections by the label of their gauge: the producer is the one readiness checks.
  { registry, pool, redis }: { registry: Registry; pool: pg.Pool; redis: { producer: Redis } & Record<string, Redis> },
): void {
  const checks = { postgres: () => pingPostgres(pool), redis: () => pingRedis(redis.producer) };
  app.use(healthRoutes(checks));
  app.get('/metrics', metricsHandler(registry));
  registerPoolMetrics(registry, pool);
  registerRedisMetrics(registry, redis);
  registerReadiness(registry, checks);
}
