import type { SnsMessage } from '@mmdm/contracts/mail-feeds';
import { createVerify, X509Certificate } from 'node:crypto';

/** Fetches a URL on AWS (a signing certificate, a SubscribeURL) and answers its body. The one thing tests replace. */
export type AwsFetch = (url: URL) => Promise<string>;

/** SNS's own endpoints: `sns.<region>.amazonaws.com`, over https on the default port, nothing else. */
const SNS_HOST = /^sns\.[a-z]{2}(?:-[a-z]+)+-\d\.amazonaws\.com$/;

/** The URL when it is one of SNS's own https endpoints; undefined otherwise (another host, http, a port, userinfo). */
export function trustedSnsUrl(raw: string | undefined): URL | undefined {
  if (!raw || !URL.canParse(raw)) return undefined;
  const url = new URL(raw);
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return undefined;
  return SNS_HOST.test(url.hostname) ? url : undefined;
}

/**
 * SNS's signing certificates live at `/SimpleNotificationService-<hex>.pem` on its host (the name is a hash of the
 * certificate); any other path, a query or a fragment is not one of them, so it is never fetched.
 */
const CERTIFICATE_PATH = /^\/SimpleNotificationService-[0-9a-f]{1,64}\.pem$/;

/** The URL when it is where SNS publishes a signing certificate; undefined otherwise. */
export function trustedCertificateUrl(raw: string | undefined): URL | undefined {
  const url = trustedSnsUrl(raw);
  if (!url || url.search !== '' || url.hash !== '' || !CERTIFICATE_PATH.test(url.pathname)) return undefined;
  return url;
}

/**
 * The string SNS signs (docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html): name and value
 * pairs, each followed by a newline, in this order; Subject only when the message has one.
 */
export function canonicalString(message: SnsMessage): string {
  const names =
    message.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return names
    .flatMap((name) => {
      const value = message[name as keyof SnsMessage];
      return value === undefined ? [] : [`${name}\n${value}\n`];
    })
    .join('');
}

export type SnsVerdict = 'valid' | 'untrusted_certificate_url' | 'bad_signature';

/** Certificates kept per URL (SNS rotates them rarely; a handful of regions at most). */
const CACHE_SIZE = 16;

export interface SnsVerifierLimits {
  /**
   * How long a failed fetch is remembered: messages naming that certificate meanwhile fail at once (503, SNS retries
   * later) instead of each making the service call out again.
   */
  failureTtlMs: number;
  /** Certificate fetches in flight at once; a message that would start one more fails at once (503). */
  maxConcurrentFetches: number;
}

export const SNS_VERIFIER_LIMITS: SnsVerifierLimits = { failureTtlMs: 30_000, maxConcurrentFetches: 4 };

/** The certificate cannot be had now (fetch failed recently, or too many fetches in flight): the caller answers 503. */
export class CertificateUnavailable extends Error {}

/** The default fetcher: https only, no redirects, 5 s, at most 64 kB. */
export const fetchFromAws: AwsFetch = async (url) => {
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`${url.hostname} answered ${response.status}`);
  const text = await response.text();
  if (text.length > 65_536) throw new Error(`${url.hostname} answered more than 64 kB`);
  return text;
};

/**
 * Verifies SNS message signatures: SignatureVersion 1 is RSA with SHA1, 2 is RSA with SHA256, over the canonical
 * string, with the certificate at SigningCertURL, which must be SNS's own certificate path on SNS's own host. A certificate that cannot be
 * fetched throws (the caller answers 503 and SNS retries); one outside its validity period fails the check.
 */
export function createSnsVerifier(fetchAws: AwsFetch, limits: SnsVerifierLimits = SNS_VERIFIER_LIMITS) {
  const certificates = new Map<string, Promise<X509Certificate>>();
  /** URL → when its last fetch failed (bounded like the cache: a flood of names cannot grow it). */
  const failures = new Map<string, number>();
  let inFlight = 0;
  const certificateAt = (url: URL) => {
    const key = url.href;
    const entry = certificates.get(key);
    if (entry) return entry;
    const failedAt = failures.get(key);
    if (failedAt !== undefined && Date.now() - failedAt < limits.failureTtlMs)
      return Promise.reject(new CertificateUnavailable(`the certificate at ${key} failed to load recently`));
    if (inFlight >= limits.maxConcurrentFetches)
      return Promise.reject(new CertificateUnavailable('too many certificate fetches in flight'));
    inFlight++;
    const fetched = fetchAws(url)
      .then((pem) => new X509Certificate(pem))
      .finally(() => inFlight--);
    fetched.then(
      () => failures.delete(key),
      () => {
        // Forgotten, and remembered as failed for a while: the next message after that tries again.
        certificates.delete(key);
        if (failures.size >= CACHE_SIZE) failures.delete(failures.keys().next().value as string);
        failures.set(key, Date.now());
      },
    );
    if (certificates.size >= CACHE_SIZE) certificates.delete(certificates.keys().next().value as string);
    certificates.set(key, fetched);
    return fetched;
  };

  return {
    async verify(message: SnsMessage): Promise<SnsVerdict> {
      const url = trustedCertificateUrl(message.SigningCertURL);
      if (!url) return 'untrusted_certificate_url';
      const certificate = await certificateAt(url);
      const now = Date.now();
      if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo)) return 'bad_signature';
      const verifier = createVerify(message.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
      verifier.update(canonicalString(message), 'utf8');
      return verifier.verify(certificate.publicKey, message.Signature, 'base64') ? 'valid' : 'bad_signature';
    },
  };
}
export type SnsVerifier = ReturnType<typeof createSnsVerifier>;
