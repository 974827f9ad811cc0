import type { TestProject } from 'vitest/node';
import { startPgBouncer } from './pgbouncer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the `pgbouncer` project: a PgBouncer in transaction pooling in front of the run's Postgres. */
    pgbouncerPort: number | undefined;
  }
}

/** Global setup of the `pgbouncer` project (after the run's own): the harnesses then reach Postgres through it. */
export default async function setup(project: TestProject) {
  const bouncer = await startPgBouncer(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  project.provide('pgbouncerPort', bouncer.port);
  return () => bouncer.stop();
}
