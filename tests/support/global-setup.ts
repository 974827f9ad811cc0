import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { createTestDatabase, type TestDatabase } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
    redisPrefix: string;
  }
}

function dockerEngineAvailable(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

/**
 * One fresh database and one Redis key prefix per test run. Postgres and Redis come from TEST_DATABASE_URL /
 * TEST_REDIS_URL (defaults: localhost); with neither set and a Docker engine present, testcontainers starts them.
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let redisUrl = process.env.TEST_REDIS_URL;
  const stops: (() => Promise<unknown>)[] = [];

  if (!serverUrl && !redisUrl && process.env.USE_TESTCONTAINERS !== 'false' && dockerEngineAvailable()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const { RedisContainer } = await import('@testcontainers/redis');
    const postgres = await new PostgreSqlContainer('postgres:16-alpine').start();
    const redis = await new RedisContainer('redis:7-alpine').start();
    serverUrl = postgres.getConnectionUri();
    redisUrl = redis.getConnectionUrl();
    stops.push(
      () => postgres.stop(),
      () => redis.stop(),
    );
  }

  const database: TestDatabase = await createTestDatabase(serverUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  project.provide('databaseUrl', database.url);
  project.provide('redisUrl', redisUrl ?? 'redis://127.0.0.1:6379/0');
  project.provide('redisPrefix', `t${randomBytes(4).toString('hex')}`);

  return async () => {
    if (process.env.KEEP_TEST_DATABASE !== 'true') await database.drop();
    for (const stop of stops) await stop();
  };
}
