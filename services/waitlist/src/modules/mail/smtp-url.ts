import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';

/** A query value as nodemailer reads it: numbers as numbers, `true`/`false` as booleans, the rest as text. */
function queryValue(raw: string): string | number | boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
}

/**
 * SMTP_URL (`smtp://user:pass@host:587?tls.rejectUnauthorized=false`, `smtps://…`) as nodemailer's transport options:
 * the scheme says whether TLS starts at once, user and password are percent-decoded, query keys become options and
 * `tls.*` keys the TLS options. What nodemailer does with `{url}` itself, written here because its own parser is not
 * part of its public API (mail-transport.ts adds the pool size and time-outs, which `{url}` would drop).
 */
export function smtpUrlOptions(smtpUrl: string): Omit<SMTPPool.Options, 'pool'> {
  const url = new URL(smtpUrl);
  const options: Omit<SMTPPool.Options, 'pool'> & Record<string, unknown> = {};
  if (url.protocol === 'smtp:') options.secure = false;
  if (url.protocol === 'smtps:') options.secure = true;
  if (url.port && Number(url.port)) options.port = Number(url.port);
  if (url.hostname) options.host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (url.username || url.password) {
    options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  }
  const tls: Record<string, unknown> = {};
  for (const [key, raw] of url.searchParams) {
    if (key.startsWith('tls.')) tls[key.slice(4)] = queryValue(raw);
    else options[key] = queryValue(raw);
  }
  if (Object.keys(tls).length) options.tls = tls;
  return options;
}
