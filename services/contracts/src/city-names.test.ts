import { describe, expect, it } from 'vitest';
import { frenchAtCity } from './city-names.js';

describe('"à" and a city in French', () => {
  it.each([
    ['Le Havre', 'au Havre'],
    ['Le Mans', 'au Mans'],
    ["Les Sables-d'Olonne", "aux Sables-d'Olonne"],
    ['Les Lilas', 'aux Lilas'],
  ])('contracts "à le" and "à les": %s → %s', (name, said) => {
    expect(frenchAtCity(name)).toBe(said);
  });

  it.each([
    ['La Rochelle', 'à La Rochelle'],
    ["L'Isle-Adam", "à L'Isle-Adam"],
    ['L’Isle-Adam', 'à L’Isle-Adam'],
    ['Lisbonne', 'à Lisbonne'],
    ['Leeds', 'à Leeds'],
    ['Lens', 'à Lens'],
    ['Lesneven', 'à Lesneven'],
    ['Le', 'à Le'],
  ])('leaves every other name after "à": %s → %s', (name, said) => {
    expect(frenchAtCity(name)).toBe(said);
  });

  it('reads the article in any case and keeps the rest of the name as typed', () => {
    expect(frenchAtCity('le Havre')).toBe('au Havre');
    expect(frenchAtCity('LES SABLES-D’OLONNE')).toBe('aux SABLES-D’OLONNE');
    expect(frenchAtCity('Le\u00a0Havre')).toBe('au Havre');
  });
});
