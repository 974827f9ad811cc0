import type { Logger } from '@mmdm/shared/logger';
import { startPeriodic, type PeriodicJob } from '@mmdm/shared/periodic';
import { request } from 'node:http';

/**
 * The replicas of one service and which of them to use next. Round-robin over the members not marked down; a member
 * is marked down by the proxy when a call to it finds nobody there (passive health) and by a probe of its `/healthz`
 * that fails (active health), and comes back when a probe succeeds or its down time has passed.
 *
 * The interface is deliberately narrow (`pick`, `markDown`), so any forwarding code (http-proxy, undici, fetch) can
 * use it: pick a target, call it, and mark it down when the connection was refused.
 */
export interface UpstreamPool {
  /** The service's name, for logs. */
  readonly name: string;
  /** The members' base URLs, in the order configured. */
  readonly targets: readonly string[];
  /**
   * The base URL to call next, skipping members already `tried` for this request. Members up come first (in turn);
   * when every untried member is down, the one whose down time ends first is tried anyway (better a call that may
   * work than a refusal that surely does not). Undefined once every member has been tried.
   */
  pick(tried?: ReadonlySet<string>): string | undefined;
  /** Takes `target` out of the rotation for the pool's down time (or until a probe finds it answering again). */
  markDown(target: string): void;
  /** Whether `target` is in the rotation now. */
  isUp(target: string): boolean;
  /** Stops the active probes. */
  close(): void;
}

export interface UpstreamPoolOptions {
  name: string;
  targets: readonly string[];
  /** Where a probe round that failed to run at all is reported (a refused probe marks its member down instead). */
  logger: Logger;
  /** How long a member marked down stays out of the rotation unless a probe finds it answering first (ms). */
  downMs?: number;
  /**
   * How often each member's `/healthz` is probed (ms); 0 turns probing off. A pool of one member is never probed:
   * there is nobody to route around it to.
   */
  probeIntervalMs?: number;
  /** Called when a member leaves or re-enters the rotation (for the log). */
  onChange?: (target: string, up: boolean, reason: string) => void;
  now?: () => number;
}

/** Probe deadline: a member that takes longer than this to say it is alive is not fit to take requests. */
const PROBE_TIMEOUT_MS = 1000;

function probe(target: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (up: boolean) => {
      if (settled) return;
      settled = true;
      resolve(up);
    };
    // A connection of its own (no keep-alive agent), so a probe never waits behind proxied calls for a socket.
    const call = request(new URL('/healthz', target), { method: 'GET', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      done(res.statusCode !== undefined && res.statusCode < 500);
    });
    call.on('timeout', () => {
      call.destroy();
      done(false);
    });
    call.on('error', () => done(false));
    call.end();
  });
}

export function createUpstreamPool({
  name,
  targets,
  downMs = 3000,
  probeIntervalMs = 500,
  onChange,
  logger,
  now = Date.now,
}: UpstreamPoolOptions): UpstreamPool {
  if (targets.length === 0) throw new Error(`upstream ${name} has no targets`);
  /** When each member may be tried again; 0 while it is up. */
  const downUntil = new Map<string, number>(targets.map((target) => [target, 0]));
  let next = 0;
  let probes: PeriodicJob | undefined;

  const isUp = (target: string) => (downUntil.get(target) ?? 0) <= now();

  function setDown(target: string, reason: string): void {
    const wasUp = isUp(target);
    downUntil.set(target, now() + downMs);
    if (wasUp) onChange?.(target, false, reason);
  }

  function setUp(target: string): void {
    if (isUp(target)) return;
    downUntil.set(target, 0);
    onChange?.(target, true, 'probe answered');
  }

  async function probeAll(): Promise<void> {
    await Promise.all(
      targets.map(async (target) => {
        if (await probe(target, Math.min(PROBE_TIMEOUT_MS, Math.max(probeIntervalMs, 100)))) setUp(target);
        else setDown(target, 'probe failed');
      }),
    );
  }

  if (targets.length > 1 && probeIntervalMs > 0) {
    // Rounds never overlap (the next pause starts when a round ends), and the process need not wait for them.
    probes = startPeriodic({
      name: `upstream-probe-${name}`,
      everyMs: probeIntervalMs,
      jitter: 0.1,
      logger,
      unref: true,
      run: probeAll,
    });
  }

  return {
    name,
    targets,
    pick(tried) {
      const count = targets.length;
      if (count === 1) return tried?.has(targets[0]!) ? undefined : targets[0];
      let fallback: string | undefined;
      for (let step = 0; step < count; step++) {
        const target = targets[(next + step) % count]!;
        if (tried?.has(target)) continue;
        if (isUp(target)) {
          next = (next + step + 1) % count;
          return target;
        }
        if (fallback === undefined || downUntil.get(target)! < downUntil.get(fallback)!) fallback = target;
      }
      return fallback;
    },
    markDown(target) {
      if (downUntil.has(target) && targets.length > 1) setDown(target, 'connection failed');
    },
    isUp,
    close() {
      // No further round; one under way ends within its probe time-out and changes only this pool.
      void probes?.stop();
      probes = undefined;
    },
  };
}

/** `http://a:1, http://b:2` → the distinct base URLs, without a trailing slash. */
export function parseTargetList(value: string): string[] {
  const list = value
    .split(',')
    .map((part) => part.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return [...new Set(list)];
}
