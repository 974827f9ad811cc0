import type { TestDatabase as BenchDatabase } from '../../tests/support/test-database.js';
import type { BenchOptions } from './options.js';
import type { Report } from './report.js';
import type { BenchSystem } from './system.js';

/** What every suite gets: options, the report, the run's database and system, and a scratch folder. */
export interface BenchContext {
  options: BenchOptions;
  report: Report;
  database: BenchDatabase;
  system: BenchSystem;
  runId: string;
  redisPrefix: string;
  tmpDir: string;
  /** The run's snapshot of web/dist (what the gateway serves). */
  webDistDir: string;
}
