import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './accept-encoding.js';

const both = { br: true, gzip: true };

describe('chooseEncoding', () => {
  it('prefers brotli when a browser takes both', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
  });

  it('honours q-values, including a refusal with q=0', () => {
    expect(chooseEncoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0', both)).toBe('identity');
    expect(chooseEncoding('*;q=0.1, identity;q=1', both)).toBe('identity');
    expect(chooseEncoding('*', both)).toBe('br');
  });

  it('sends what exists', () => {
    expect(chooseEncoding('br, gzip', { br: false, gzip: true })).toBe('gzip');
    expect(chooseEncoding(undefined, both)).toBe('identity');
  });
});
