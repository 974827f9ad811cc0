import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { request } from '../../support/http.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface ServiceProcess {
  child: ChildProcess;
  /** Everything the process wrote (its pino JSON log lines), for the secrets scan. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Runs a service's real entry point (its main.ts: config, connections, signals) as its own process, from the
 * sources via tsx so the suite needs no build. `@mmdm/shared` resolves to its sources through tsconfig.tests.json.
 */
export function startServiceProcess(entry: string, env: Record<string, string>): ServiceProcess {
  const chunks: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      TSX_TSCONFIG_PATH: 'tsconfig.tests.json',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, output: () => chunks.join(''), exited };
}

/** Waits until `url`/healthz answers 200 (the process is up and listening). */
export async function untilHealthy(url: string, process: ServiceProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (process.child.exitCode !== null) throw new Error(`process exited early:\n${process.output().slice(-2000)}`);
    const answer = await request(url, '/healthz', { timeoutMs: 1000 }).catch(() => undefined);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`not healthy within ${timeoutMs} ms:\n${process.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
