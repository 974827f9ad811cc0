import { request, type IncomingHttpHeaders } from 'node:http';

export interface CallResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json: <T = Record<string, unknown>>() => T;
}

/**
 * One raw HTTP exchange, on its own connection, with nothing added or decoded (unlike fetch, which adds
 * Accept-Encoding and decompresses): the tests see exactly what a client would receive.
 */
export function call(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<CallResult> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(options.body));
    const req = request(new URL(path, baseUrl), { method: options.method ?? 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = body.toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          text,
          json: <T>() => JSON.parse(text) as T,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
