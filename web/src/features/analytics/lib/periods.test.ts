import { describe, expect, it } from 'vitest';
import { daysBetween, lastDays } from './periods.js';

describe('analytics periods', () => {
  it('"last 7 days" is today and the six UTC days before it', () => {
    expect(lastDays(7, new Date('2026-03-02T23:30:00Z'))).toEqual({ from: '2026-02-24', to: '2026-03-02' });
  });

  it('lists every day of a period, across a month end', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
