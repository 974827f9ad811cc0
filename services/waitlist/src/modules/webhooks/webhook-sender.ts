import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  bareHost,
  checkAddresses,
  guardedLookup,
  isAllowedHost,
  parseTarget,
  type Resolve,
  type TargetPolicy,
} from './webhook-target.js';

/** A request body larger than this is never sent (Standard Webhooks' receivers expect small JSON). */
export const MAX_BODY_BYTES = 64 * 1024;
/** The whole exchange, connect to last byte read. */
export const DELIVERY_TIMEOUT_MS = 5000;
/** What is read of an answer: enough for the log's excerpt, never a receiver's whole page. */
const MAX_ANSWER_BYTES = 4096;
/** What the delivery log keeps of an answer's body. */
export const EXCERPT_CHARS = 200;

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks' form). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256 over "id.timestamp.body">` with the secret's bytes (the base64 after `whsec_`). */
export function signatureOf(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three Standard Webhooks headers; several secrets (during a rotation) give space-separated signatures. */
export function signedHeaders(
  secrets: string[],
  messageId: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signatureOf(secret, messageId, timestamp, body)).join(' '),
  };
}

export interface WebhookAnswer {
  status: number;
  /** The first characters of the answer's body. */
  excerpt: string;
}

export class DeliveryError extends Error {
  constructor(
    message: string,
    /** Never worth retrying (a body too large); the others are. */
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export interface PostOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  policy: TargetPolicy;
  timeoutMs?: number;
}

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 20 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 20 }),
};

/**
 * POSTs one signed event. The address is checked again here, on the connect itself (guardedLookup), a redirect is not
 * followed (the caller counts a 3xx as a failure), the exchange has DELIVERY_TIMEOUT_MS in all and at most
 * MAX_ANSWER_BYTES of the answer are read. Rejects with a DeliveryError when no answer came.
 */
export async function postWebhook({
  url: raw,
  body,
  headers,
  policy,
  timeoutMs = DELIVERY_TIMEOUT_MS,
}: PostOptions): Promise<WebhookAnswer> {
  if (Buffer.byteLength(body) > MAX_BODY_BYTES)
    throw new DeliveryError(`body of ${Buffer.byteLength(body)} bytes is over ${MAX_BODY_BYTES}`, true);
  const url = parseTarget(raw, policy);
  const allowPrivate = isAllowedHost(url, policy);
  const resolve: Resolve | undefined = policy.resolve;
  // An IP literal is connected to without a lookup: checked here instead.
  await checkAddresses(bareHost(url), allowPrivate, resolve);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookAnswer>((resolvePromise, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: agents[url.protocol as 'http:' | 'https:'],
        lookup: guardedLookup(allowPrivate, resolve),
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'MeetMatchDateMarry-Webhooks/1',
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const finish = () => {
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
          resolvePromise({ status: response.statusCode ?? 0, excerpt });
        };
        response.on('data', (chunk: Buffer) => {
          if (read < MAX_ANSWER_BYTES) chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - read));
          read += chunk.length;
          // Enough read: the rest is not waited for, and the socket is not reused.
          if (read >= MAX_ANSWER_BYTES) {
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', (error) => reject(new DeliveryError(error.message)));
      },
    );
    request.on('error', (error: Error & { code?: string }) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      reject(new DeliveryError(timedOut ? `no answer within ${timeoutMs} ms` : error.message));
    });
    request.end(body);
  });
}
