import { describe, expect, it } from 'vitest';
// nodemailer's own parser, reached through its private path only here: the contract our parser keeps.
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import { smtpUrlOptions } from './smtp-url.js';

const URLS = [
  'smtp://127.0.0.1:1025',
  'smtp://mailpit:1025',
  'smtps://user:secret@smtp.example.com:465',
  'smtp://user%40example.com:p%3Ass%3Aw0rd@smtp.example.com:587',
  'smtp://apikey:a:b:c@smtp.example.com',
  'smtp://smtp.example.com:587?tls.rejectUnauthorized=false&requireTLS=true',
  'smtp://smtp.example.com?name=mailer.example.com&logger=false&connectionTimeout=5000',
  'smtps://smtp.example.com',
];

describe('SMTP_URL as transport options', () => {
  it.each(URLS)('reads %s as nodemailer does', (url) => {
    expect(smtpUrlOptions(url)).toEqual(parseConnectionUrl(url));
  });

  it('decodes a password with reserved characters, so a provider key works as written in the URL', () => {
    expect(smtpUrlOptions('smtp://user:p%40ss%2Fw%3Fd@smtp.example.com').auth).toEqual({
      user: 'user',
      pass: 'p@ss/w?d',
    });
  });
});
