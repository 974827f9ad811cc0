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
 * string, with the certificate at SigningCertURL, which must be on SNS's own host. A certificate that cannot be
 * fetched throws (the caller answers 503 and SNS retries); one outside its validity period fails the check.
 */
export function createSnsVerifier(fetchAws: AwsFetch) {
  const certificates = new Map<string, Promise<X509Certificate>>();
  const certificateAt = (url: URL) => {
    const key = url.href;
    let entry = certificates.get(key);
    if (!entry) {
      entry = fetchAws(url).then((pem) => new X509Certificate(pem));
      // A failed fetch is not remembered: the next message tries again.
      entry.catch(() => certificates.delete(key));
      if (certificates.size >= CACHE_SIZE) certificates.delete(certificates.keys().next().value as string);
      certificates.set(key, entry);
    }
    return entry;
  };

  return {
    async verify(message: SnsMessage): Promise<SnsVerdict> {
      const url = trustedSnsUrl(message.SigningCertURL);
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
