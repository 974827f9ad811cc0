import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What global-setup tells the tests about the running system (written to a file: tests run in other processes). */
export interface SystemInfo {
  baseURL: string;
  mailDir: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  admin: { email: string; password: string };
  /** SUPPORT_EMAIL: where the contact form's messages are mailed. */
  supportEmail: string;
}

/** The system's port; runs on different ports (two developers, CI) keep apart, results folders included. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const RESULTS_DIR = join(import.meta.dirname, '.results', `port-${E2E_PORT}`);
export const STATE_FILE = join(RESULTS_DIR, 'system.json');

export function systemInfo(): SystemInfo {
  if (!existsSync(STATE_FILE)) throw new Error('e2e system not started: run through playwright (global-setup.ts)');
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as SystemInfo;
}
