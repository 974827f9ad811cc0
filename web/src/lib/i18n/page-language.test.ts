import { describe, expect, it } from 'vitest';
import { languageOfPath, localizedPath, unprefixedPath } from './page-language.js';

describe('a page language from its URL', () => {
  it('reads the prefix, and English where there is none or it names no language', () => {
    expect(languageOfPath('/')).toBe('en');
    expect(languageOfPath('/waitlist')).toBe('en');
    expect(languageOfPath('/es/')).toBe('es');
    expect(languageOfPath('/de/waitlist')).toBe('de');
    expect(languageOfPath('/en/waitlist')).toBe('en');
    expect(languageOfPath('/esperanto')).toBe('en');
  });

  it('moves a path between languages and back', () => {
    expect(localizedPath('/', 'es')).toBe('/es/');
    expect(localizedPath('/waitlist', 'pt')).toBe('/pt/waitlist');
    expect(localizedPath('/waitlist', 'en')).toBe('/waitlist');
    expect(unprefixedPath('/pt/waitlist')).toBe('/waitlist');
    expect(unprefixedPath('/fr/')).toBe('/');
    expect(unprefixedPath('/fr')).toBe('/');
    expect(unprefixedPath('/about')).toBe('/about');
  });
});
