import { request as sendRequest, type IncomingHttpHeaders } from 'node:http';

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /**
   * A string or bytes go as they are (the test states their Content-Type); anything else is sent as JSON, with
   * Content-Type application/json unless `headers` names another. Content-Length is added unless `headers` names it.
   */
  body?: unknown;
  /** Instead of `body`: these parts, each written as a chunk of its own (Transfer-Encoding: chunked, no length). */
  chunks?: string[];
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Source address of the connection (any 127.x.y.z works on Linux): a different client, as the server sees it. */
  localAddress?: string;
  /** Rejects when the connection stays silent this long (default 15 s). */
  timeoutMs?: number;
}

export interface Answer {
  status: number;
  /** As received: names in lower case, a repeated header (Set-Cookie) as an array. */
  headers: IncomingHttpHeaders;
  /** The body as received, nothing decoded or decompressed. */
  bytes: Buffer;
  text: string;
  /**
   * The body parsed as JSON; undefined when it is empty or not JSON (then `text` has it). Assertions read arbitrary
   * JSON shapes and each test states the shape it expects.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** Milliseconds from sending to the last byte. */
  ms: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * One HTTP exchange on a connection of its own, with nothing added to the request (unlike fetch: no Accept-Encoding,
 * User-Agent or keep-alive) and nothing decoded in the answer, so a test sees exactly what a client would, and what
 * it sends is all the server gets. Every test talks HTTP through this function; a failure to connect or a time-out
 * rejects (the caller decides whether that counts as an error answer).
 */
export function request(baseUrl: string, path: string, options: RequestOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  let payload: string | Buffer | undefined;
  if (options.body === undefined || typeof options.body === 'string' || Buffer.isBuffer(options.body))
    payload = options.body;
  else {
    payload = JSON.stringify(options.body);
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
  }
  if (payload !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length'))
    headers['content-length'] = String(Buffer.byteLength(payload));
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = sendRequest(
      new URL(path, baseUrl),
      {
        method: options.method ?? 'GET',
        headers,
        agent: false,
        localAddress: options.localAddress,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes,
            text,
            body: parseJson(text),
            ms: performance.now() - started,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end(payload);
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
