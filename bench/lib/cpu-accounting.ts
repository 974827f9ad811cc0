import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // the process has ended
  }
}

/** Processes whose `comm` or `cmdline` contains `text` (for Postgres: the backends serving one database). */
function pidsWith(file: 'comm' | 'cmdline', text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/${file}`, 'utf8').includes(text);
      } catch {
        return false;
      }
    });
}

type Sample = Map<number, number>;
const sampleOf = (pids: number[]): Sample => new Map(pids.map((pid) => [pid, cpuMs(pid)]));
/** Per process, so a backend that ended during the run (pool idle time-out) cannot count negatively. */
const spentBetween = (before: Sample, after: Sample) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

export const CPU_PARTS = ['load generator', 'gateway', 'node server', 'postgres', 'redis'] as const;
export type CpuPart = (typeof CPU_PARTS)[number];

export interface CpuCost {
  rps: number;
  non2xx: number;
  /** CPU microseconds per request, by process. */
  perRequest: Record<CpuPart, number> & { total: number };
}

export interface CpuCostSpec {
  url: string;
  requests: number;
  body: () => string;
  /** The Node process that answers (the waitlist service, or a reference server). */
  serverPid: number;
  /** The gateway's pid when the requests go through it. */
  gatewayPid?: number;
  /** The database the server writes to: its Postgres backends are counted (not the shared WAL writer/checkpointer). */
  databaseName: string;
  /** The body's Content-Type (`application/json` unless said). */
  contentType?: string;
}

/**
 * CPU time per request, by process: the load-independent view of a write path. Throughput ratios swing with the
 * machine's load; the CPU-seconds each process spends per request hardly do, and on a CPU-bound machine their sum
 * is what sets the ratio. Sends `requests` unique POST /waitlist at 50 connections and reads utime + stime from
 * /proc before and after for the load generator (this process), the gateway, the server, the database's backends
 * and redis-server.
 */
export async function cpuPerRequest(spec: CpuCostSpec): Promise<CpuCost> {
  const take = () => ({
    'load generator': (({ user, system }) => (user + system) / 1000)(process.cpuUsage()),
    gateway: spec.gatewayPid ? cpuMs(spec.gatewayPid) : 0,
    'node server': cpuMs(spec.serverPid),
    postgres: sampleOf(pidsWith('cmdline', spec.databaseName)),
    redis: sampleOf(pidsWith('comm', 'redis-server')),
  });
  const before = take();
  const result = await autocannon({
    url: spec.url,
    connections: 50,
    amount: spec.requests,
    requests: [
      {
        method: 'POST',
        path: '/waitlist',
        headers: { 'content-type': spec.contentType ?? 'application/json' },
        setupRequest: (request) => ({ ...request, body: spec.body() }),
      },
    ],
  });
  const after = take();
  const perRequest = {} as Record<CpuPart, number>;
  for (const part of CPU_PARTS) {
    const [from, to] = [before[part], after[part]];
    const spent =
      typeof from === 'number' && typeof to === 'number' ? to - from : spentBetween(from as Sample, to as Sample);
    perRequest[part] = (spent * 1000) / spec.requests;
  }
  const total = CPU_PARTS.reduce((sum, part) => sum + perRequest[part], 0);
  return { rps: result.requests.total / result.duration, non2xx: result.non2xx, perRequest: { ...perRequest, total } };
}
