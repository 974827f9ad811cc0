import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports for the servers a test starts, taken below the kernel's ephemeral range. A port the kernel hands out for
 * `listen(0)` comes from that range, and so does the local port of every outgoing connection: between the probe and
 * the server's own listen, a Postgres or Redis client of a service starting meanwhile can take it (a CI run lost the
 * replicas test's gateway port that way). Below the range, only another listener can, and the probe sees those.
 */
const LOWEST = 10_000;

function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low !== undefined && Number.isInteger(low) && low > LOWEST + 1_000 ? low : 32_768;
  } catch {
    return 32_768; // not Linux: the IANA range's start
  }
}

/** Whether nothing listens on the port on any address (the probe binds the wildcard, as a published port would). */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** A port number P such that P … P + count − 1 are free now and outside the ephemeral range. */
export async function freePortBlock(count: number): Promise<number> {
  const highest = ephemeralLow() - count;
  for (let attempt = 0; attempt < 100; attempt++) {
    const start = LOWEST + Math.floor(Math.random() * (highest - LOWEST));
    let ok = true;
    for (let port = start; port < start + count && ok; port++) ok = await bindable(port);
    if (ok) return start;
  }
  throw new Error(`no block of ${count} free ports between ${LOWEST} and ${highest + count}`);
}

/** A port free now and outside the ephemeral range. */
export function freePort(): Promise<number> {
  return freePortBlock(1);
}
