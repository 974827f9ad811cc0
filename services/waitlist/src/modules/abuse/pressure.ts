/**
 * Sign-up pressure, counted in the process like the rate limit (decision 009): attempts in the last minute,
 * everywhere and per network, in six 10-second slots. Nothing here waits on Redis or Postgres, so the sign-up path
 * pays a few map operations for it. Each replica sees its own share of the traffic, so thresholds are per process.
 */
const SLOT_MS = 10_000;
const SLOTS = 6;
/** Beyond this many networks remembered, the quiet ones are forgotten (a spoofing flood cannot grow memory). */
const MAX_NETWORKS = 50_000;

interface Window {
  /** Index of the slot `counts[0]` stands for (ms / SLOT_MS). */
  slot: number;
  counts: number[];
}

function advance(window: Window, now: number): void {
  const slot = Math.floor(now / SLOT_MS);
  const shift = slot - window.slot;
  if (shift <= 0) return;
  window.counts =
    shift >= SLOTS
      ? Array<number>(SLOTS).fill(0)
      : [...Array<number>(shift).fill(0), ...window.counts.slice(0, SLOTS - shift)];
  window.slot = slot;
}

const total = (window: Window) => window.counts.reduce((sum, count) => sum + count, 0);

export interface PressureSettings {
  /** Attempts per minute from everywhere before the pressure counts. */
  global: number;
  /** Attempts per minute from one network before the pressure counts. */
  network: number;
  /** Highest level reported (each level doubles the proof of work). */
  maxLevel?: number;
  now?: () => number;
}

export function createPressureGauge({ global, network, maxLevel = 8, now = Date.now }: PressureSettings) {
  const everywhere: Window = { slot: Math.floor(now() / SLOT_MS), counts: Array<number>(SLOTS).fill(0) };
  const networks = new Map<string, Window>();

  /** 0 below the threshold; then 1 + how many times the rate doubled past it, capped. */
  const levelOf = (rate: number, threshold: number) =>
    rate < threshold ? 0 : Math.min(maxLevel, 1 + Math.floor(Math.log2(rate / threshold)));

  function windowOf(key: string, at: number): Window {
    let window = networks.get(key);
    if (!window) {
      if (networks.size >= MAX_NETWORKS) {
        for (const [other, candidate] of networks) {
          advance(candidate, at);
          if (total(candidate) === 0 || networks.size >= MAX_NETWORKS) networks.delete(other);
          if (networks.size < MAX_NETWORKS / 2) break;
        }
      }
      window = { slot: Math.floor(at / SLOT_MS), counts: Array<number>(SLOTS).fill(0) };
      networks.set(key, window);
    }
    advance(window, at);
    return window;
  }

  return {
    /** Counts one attempt from `networkKey` on its network's own count. */
    recordNetwork(networkKey: string): void {
      windowOf(networkKey, now()).counts[0]! += 1;
    },
    /**
     * Counts one attempt on the count of everywhere. Only for an attempt its network's own limits did not stop: one
     * abuser's refused flood raises its own cost, not every other visitor's.
     */
    recordGlobal(): void {
      advance(everywhere, now());
      everywhere.counts[0]! += 1;
    },
    /** The pressure of a network's own attempts alone. */
    networkLevel(networkKey: string): number {
      const mine = networks.get(networkKey);
      if (!mine) return 0;
      advance(mine, now());
      return levelOf(total(mine), network);
    },
    /** The pressure on a sign-up from `networkKey` now: the higher of the global and the network's level. */
    level(networkKey: string): number {
      const at = now();
      advance(everywhere, at);
      const mine = networks.get(networkKey);
      if (mine) advance(mine, at);
      return Math.max(levelOf(total(everywhere), global), levelOf(mine ? total(mine) : 0, network));
    },
  };
}

export type PressureGauge = ReturnType<typeof createPressureGauge>;
