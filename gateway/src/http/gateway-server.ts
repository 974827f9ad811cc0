import { createServer, type Server } from 'node:http';
import type { Gateway } from '../app.js';

/**
 * How long a client may take to send its request. Without nginx in front (`npm start`) the gateway is the first to
 * read from the network, so a client trickling a body one byte at a time must be cut off by the gateway itself:
 * every body the site takes is at most a few kB, which any working connection sends in well under this.
 */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The same bound for the header block alone (Node requires it to be at most the request time-out). */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * How often Node looks for requests past those bounds (its default is 30 s, which would let a slow request live
 * up to 40 s): a trickled request is cut within REQUEST_TIMEOUT_MS plus this.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/**
 * Longer than nginx's upstream keepalive_timeout (60 s), so nginx, not the gateway, closes idle pooled connections:
 * the side that closes first could otherwise race a request sent on the closing socket. Idle connections between
 * requests are not subject to the two time-outs above, which only run while a request is being received.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The gateway's HTTP server, as main.ts runs it and the tests start it. It does not listen. */
export function createGatewayServer(gateway: Pick<Gateway, 'handler' | 'onClientError'>): Server {
  const server = createServer(
    {
      // Node's own check answers a bare 400 without our headers or JSON body; the gateway checks Host itself.
      requireHostHeader: false,
      requestTimeout: REQUEST_TIMEOUT_MS,
      headersTimeout: HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    },
    gateway.handler,
  );
  server.on('clientError', gateway.onClientError);
  return server;
}
