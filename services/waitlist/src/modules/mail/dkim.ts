import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface DkimSettings {
  domain: string;
  selector: string;
  /** Path of a PEM file holding the RSA private key (PKCS#1 or PKCS#8). */
  privateKeyFile: string;
}

/**
 * The headers the signature covers. RFC 8058 §3.3 requires List-Unsubscribe and List-Unsubscribe-Post to be signed,
 * or receivers ignore the one-click button; the rest are what a forger would change (RFC 6376 §5.4).
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'To',
  'Subject',
  'Date',
  'Message-ID',
  'Reply-To',
  'MIME-Version',
  'Content-Type',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
];

export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
  headerFieldNames: string;
}

/** Reads and checks the key once at start: a bad key stops the worker instead of sending mail that fails DKIM. */
export function loadDkimKey(settings: DkimSettings): DkimKey {
  const pem = readFileSync(settings.privateKeyFile, 'utf8');
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'rsa') throw new Error('DKIM_PRIVATE_KEY_FILE must hold an RSA private key');
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  // RFC 8301: signers must use at least 1024 bits; receivers treat shorter keys as no signature.
  if (bits < 1024) throw new Error(`DKIM key has ${bits} bits; use at least 2048`);
  return {
    domainName: settings.domain,
    keySelector: settings.selector,
    privateKey: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    headerFieldNames: DKIM_SIGNED_HEADERS.join(':'),
  };
}

/** The TXT record to publish at `<selector>._domainkey.<domain>` (RFC 6376 §3.6.1). */
export function dkimTxtRecord(privateKeyPem: string): string {
  const der = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'der' });
  return `v=DKIM1; k=rsa; p=${der.toString('base64')}`;
}
