import { Agent, request } from 'node:http';

/** One kept-alive connection per suite's calls, so a figure is the call's time, not a TCP handshake's. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** An HTTP call to the system under bench (JSON body, staff token), with how long it took. */
export function timedCall(
  url: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; ms: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const started = performance.now();
    const req = request(url, { agent, method: init.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
