/**
 * Prints the DNS records that make the worker's mail pass DKIM, SPF and DMARC, from the configured key:
 *   DKIM_DOMAIN=example.com DKIM_SELECTOR=mail DKIM_PRIVATE_KEY_FILE=./dkim.pem npm run dkim:record -w @mmdm/waitlist
 */
import { configOrExit } from '@mmdm/shared/config';
import { readFileSync } from 'node:fs';
import { loadWorkerConfig } from '../config.js';
import { dkimTxtRecord } from '../modules/mail/dkim.js';

const config = configOrExit(loadWorkerConfig, 'dkim:record');
const dkim = config.mail.dkim;
if (!dkim) {
  console.error('Set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE first. A new key:');
  console.error('  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out dkim.pem');
  process.exit(1);
}
const record = dkimTxtRecord(readFileSync(dkim.privateKeyFile, 'utf8'));
// DNS TXT strings hold at most 255 characters each (RFC 1035 §3.3.14); a 2048-bit key needs two, quoted apart.
const quoted = (record.match(/.{1,250}/g) ?? []).map((part) => `"${part}"`).join(' ');
console.log(`${dkim.selector}._domainkey.${dkim.domain}. IN TXT ${quoted}`);
console.log('');
console.log('Also publish (adapt the SPF mechanisms to the servers that really send your mail):');
console.log(`${dkim.domain}. IN TXT "v=spf1 mx include:<your SMTP relay's SPF domain> -all"`);
console.log(`_dmarc.${dkim.domain}. IN TXT "v=DMARC1; p=quarantine; adkim=s; aspf=r; rua=mailto:dmarc@${dkim.domain}"`);
