import { describe, expect, it } from 'vitest';
import { loadAuthConfig } from './config.js';

const BASE = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mmdm', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('the passkeys relying party (RP ID)', () => {
  it.each(['http://203.0.113.7:8080', 'https://[2001:db8::7]'])(
    'refuses to start when PUBLIC_URL names an IP address (%s) and PASSKEY_RP_ID is unset, saying what to set',
    (publicUrl) => {
      expect(() => loadAuthConfig({ ...BASE, PUBLIC_URL: publicUrl })).toThrow(
        /PASSKEY_RP_ID: must be set when PUBLIC_URL names an IP address: passkeys need a domain name/,
      );
    },
  );

  it('refuses an IP address as PASSKEY_RP_ID', () => {
    expect(() => loadAuthConfig({ ...BASE, PASSKEY_RP_ID: '127.0.0.1' })).toThrow(
      /PASSKEY_RP_ID: must be a domain name, not an IP address/,
    );
  });

  it('takes the host name of PUBLIC_URL, localhost by default, or PASSKEY_RP_ID next to an address', () => {
    expect(loadAuthConfig({ ...BASE, PUBLIC_URL: 'https://staff.example.com' }).mfa.passkeys.rpId).toBe(
      'staff.example.com',
    );
    expect(loadAuthConfig(BASE).mfa.passkeys.rpId).toBe('localhost');
    const behindAddress = loadAuthConfig({ ...BASE, PUBLIC_URL: 'http://127.0.0.1:8080', PASSKEY_RP_ID: 'localhost' });
    expect(behindAddress.mfa.passkeys).toMatchObject({ rpId: 'localhost', origins: ['http://127.0.0.1:8080'] });
  });
});
