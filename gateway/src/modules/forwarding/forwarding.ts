import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import { isEncrypted } from '../../http/security-headers.js';

/** What the gateway believes about the original request, and passes on to the services. */
export interface ClientFacts {
  /** The client's address: the socket peer, or what a trusted proxy (nginx) says it is. */
  address: string;
  proto: 'http' | 'https';
  host: string;
  /** The peer is a proxy we trust (nginx): only then are its X-Forwarded-* and X-Request-Id believed. */
  viaTrustedProxy: boolean;
}

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) and every forwarding header a client could forge. They are removed from
 * the request before it is proxied; the gateway then sets the forwarding headers itself, from facts it trusts.
 */
// `expect` too: Node has already answered the client's `100-continue`; the upstream call needs no handshake of its own.
const HOP_BY_HOP = ['keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade', 'expect'];
/** A client may name any header in `Connection`; these keep the message well framed, so they are never removed. */
const FRAMING = new Set(['connection', 'host', 'content-length', 'transfer-encoding', 'content-type']);
const FORWARDING = /^(x-forwarded-|x-real-ip$|forwarded$|x-client-ip$|true-client-ip$|cf-connecting-ip$)/;

function first(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  return single?.split(',')[0]?.trim() || undefined;
}

export function createForwarding(trustedProxies: readonly string[]) {
  const trust = proxyaddr.compile([...trustedProxies]);
  const trustsNobody = trustedProxies.length === 0;

  function factsOf(req: IncomingMessage): ClientFacts {
    const peer = req.socket.remoteAddress ?? '';
    // proxy-addr walks X-Forwarded-For from the right, stopping at the first untrusted hop.
    const address = trustsNobody ? peer : proxyaddr(req, trust);
    const fromTrustedProxy = !trustsNobody && peer !== '' && trust(peer, 0);
    const claimedProto = fromTrustedProxy ? first(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined;
    const proto = isEncrypted(req) || claimedProto === 'https' ? 'https' : 'http';
    const claimedHost = fromTrustedProxy ? first(req.headers['x-forwarded-host']) : undefined;
    return { address, proto, host: claimedHost ?? req.headers.host ?? '', viaTrustedProxy: fromTrustedProxy };
  }

  /**
   * Rewrites the request headers for the upstream: hop-by-hop and forged forwarding headers out, ours in.
   * `Connection` itself stays on the request (http-proxy echoes it to the client's answer) and is replaced by
   * `keep-alive` on the upstream call by the proxy options, so the pooled upstream socket survives.
   */
  function prepareForUpstream(req: IncomingMessage, facts: ClientFacts): void {
    const headers = req.headers;
    const named = headers.connection;
    if (named) {
      for (const name of named.split(',')) {
        const lower = name.trim().toLowerCase();
        if (!FRAMING.has(lower)) delete headers[lower];
      }
    }
    for (const name of HOP_BY_HOP) delete headers[name];
    for (const name of Object.keys(headers)) if (FORWARDING.test(name)) delete headers[name];
    // Overwritten, never appended: the services trust the gateway, so this must hold only what the gateway believes.
    headers['x-forwarded-for'] = facts.address;
    headers['x-forwarded-proto'] = facts.proto;
    if (facts.host) headers['x-forwarded-host'] = facts.host;
  }

  return { factsOf, prepareForUpstream };
}

export type Forwarding = ReturnType<typeof createForwarding>;
