import { request, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Milliseconds from sending to the last byte. */
  ms: number;
  // Assertions read arbitrary JSON shapes; each test states the shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as is; objects are JSON-encoded with Content-Type application/json. */
  body?: string | Buffer | object;
  /** Source address of the connection (any 127.x.y.z works on Linux): a different client, as the server sees it. */
  localAddress?: string;
  timeoutMs?: number;
}

/**
 * One HTTP exchange on its own connection, nothing added or decoded, so the test sees exactly what a client would.
 * A failure to connect or a time-out rejects (the caller decides whether that counts as an error answer).
 */
export function send(baseUrl: string, path: string, options: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Buffer | undefined;
    if (options.body === undefined || typeof options.body === 'string' || Buffer.isBuffer(options.body))
      body = options.body;
    else {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(body));
    const started = performance.now();
    const req = request(
      new URL(path, baseUrl),
      {
        method: options.method ?? 'GET',
        headers,
        agent: false,
        localAddress: options.localAddress,
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, ms: performance.now() - started, json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs ?? 15_000} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds, or fails after `timeoutMs`; resolves to the milliseconds it took. */
export async function within(timeoutMs: number, check: () => Promise<boolean>, what: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
