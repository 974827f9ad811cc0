import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a stub service saw: enough to assert what the gateway forwarded. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StubUpstream {
  name: string;
  url: string;
  seen: SeenRequest[];
  /** TCP connections accepted so far: keep-alive reuse shows as fewer connections than requests. */
  connections: () => number;
  /** What `/readyz` answers. */
  setReadiness: (status: number, body: unknown) => void;
  close: () => Promise<void>;
}

/**
 * A tiny service that echoes what it received as JSON, with the headers a careless service might send (framework
 * banner, CORS grant, its own CSP) so tests can see the gateway replace them. `/waitlist/slow` answers after 5 s;
 * `/waitlist/crash` drops the connection without answering.
 */
export async function startStubUpstream(name: string): Promise<StubUpstream> {
  const seen: SeenRequest[] = [];
  let connections = 0;
  let readiness: { status: number; body: unknown } = {
    status: 200,
    body: { status: 'ok', checks: { postgres: 'ok', redis: 'ok' } },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/readyz') {
        res.writeHead(readiness.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(readiness.body));
        return;
      }
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      const answer = () => {
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'X-Powered-By': 'Express',
          Server: 'stub/1.2.3',
          'Access-Control-Allow-Origin': '*',
          'Content-Security-Policy': "default-src 'none'",
          'Cache-Control': 'public, max-age=600',
          'X-Upstream': name,
        });
        res.end(JSON.stringify({ upstream: name, ...request }));
      };
      if (req.url?.startsWith('/waitlist/slow') || req.url?.startsWith('/api/admin/slow'))
        setTimeout(answer, 5000).unref();
      else if (req.url?.startsWith('/waitlist/crash'))
        req.socket.destroy(); // dies mid-request, as a crashing service would
      else answer();
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    seen,
    connections: () => connections,
    setReadiness: (status, body) => {
      readiness = { status, body };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nobody listens on: bound, read, released. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
