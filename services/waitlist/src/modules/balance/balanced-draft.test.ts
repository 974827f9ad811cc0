import { describe, expect, it } from 'vitest';
import { decided, draftDeclared, enoughOf, fixedFits, groupBounds, type GroupLines } from './balanced-draft.js';

type Group = 'woman' | 'man' | 'nonbinary';

/** A line of people with balance data, in place order: `pattern` gives the group of each place (1 = best). */
function lineOf(pattern: Group[]): GroupLines {
  const lines: GroupLines = {
    woman: { ids: [], ranks: [] },
    man: { ids: [], ranks: [] },
    nonbinary: { ids: [], ranks: [] },
  };
  pattern.forEach((group, rank) => {
    lines[group].ids.push(String(rank + 1));
    lines[group].ranks.push(rank);
  });
  return lines;
}

const skewed = (length: number): Group[] => Array.from({ length }, (_, index) => (index % 5 === 0 ? 'man' : 'woman'));

describe('the balanced draft', () => {
  it('keeps each group within ±2 points of its target and takes each group by place', () => {
    const lines = lineOf(skewed(500));
    const { ids, counts } = draftDeclared(100, { woman: 50, man: 50, nonbinary: 0 }, lines);
    expect(ids).toHaveLength(100);
    expect(counts.nonbinary).toBe(0);
    expect(Math.abs(counts.woman - 50)).toBeLessThanOrEqual(2);
    expect(Math.abs(counts.man - 50)).toBeLessThanOrEqual(2);
    // The slack goes to the better places: women come first in this line.
    expect(counts.woman).toBe(52);
    for (const group of ['woman', 'man'] as const) {
      expect(ids.filter((id) => lines[group].ids.includes(id))).toEqual(lines[group].ids.slice(0, counts[group]));
    }
  });

  it('drafts fewer when a group is too rare for the mix at full size, still within the bounds', () => {
    const pattern: Group[] = [...Array<Group>(90).fill('woman'), ...Array<Group>(10).fill('man')];
    const { ids, counts } = draftDeclared(100, { woman: 50, man: 50, nonbinary: 0 }, lineOf(pattern));
    expect(counts.man).toBe(10);
    expect(ids.length).toBe(counts.woman + counts.man);
    expect(Math.abs((100 * counts.man) / ids.length - 50)).toBeLessThanOrEqual(2);
  });

  it('gives a zero target up to 2 points, a full target everyone from its group, and nothing when nothing fits', () => {
    expect(groupBounds(100, 0, 10)).toEqual({ low: 0, high: 2 });
    expect(groupBounds(100, 100, 500)).toEqual({ low: 98, high: 100 });
    const onlyWomen = draftDeclared(30, { woman: 100, man: 0, nonbinary: 0 }, lineOf(skewed(60)));
    expect(onlyWomen.counts.woman).toBe(30);
    expect(draftDeclared(20, { woman: 0, man: 0, nonbinary: 100 }, lineOf(skewed(60))).ids).toEqual([]);
    expect(draftDeclared(0, { woman: 50, man: 50, nonbinary: 0 }, lineOf(skewed(60))).ids).toEqual([]);
  });

  it('walks the line only as deep as the largest share could need', () => {
    expect(enoughOf(100, { woman: 50, man: 50, nonbinary: 0 })).toEqual({ woman: 52, man: 52, nonbinary: 2 });
  });

  it('stops reading once what was read decides the draft: a group with no share never makes it read to the end', () => {
    const target = { woman: 50, man: 50, nonbinary: 0 };
    expect(decided(100, target, { woman: 60, man: 47, nonbinary: 0 })).toBe(false);
    expect(decided(100, target, { woman: 60, man: 48, nonbinary: 0 })).toBe(true);
    expect(decided(100, target, { woman: 50, man: 49, nonbinary: 0 })).toBe(false);
    // What it decides is what reading the whole line would have given.
    const line = skewed(2000);
    const lines = lineOf(line);
    let read = 0;
    const found = { woman: 0, man: 0, nonbinary: 0 };
    while (!decided(100, target, found)) found[line[read++]!] += 1;
    const early = draftDeclared(100, target, lineOf(line.slice(0, read)));
    expect(early).toEqual(draftDeclared(100, target, lines));
    expect(read).toBeLessThan(300);
  });

  it('holds the bounds for every size and mix it accepts (exhaustive over small waves)', () => {
    const lines = lineOf(
      Array.from({ length: 120 }, (_, index) => (['woman', 'man', 'nonbinary'] as const)[index % 3]!),
    );
    for (let seats = 1; seats <= 60; seats += 1) {
      for (const target of [
        { woman: 50, man: 50, nonbinary: 0 },
        { woman: 40, man: 40, nonbinary: 20 },
        { woman: 33, man: 33, nonbinary: 34 },
      ]) {
        const { ids, counts } = draftDeclared(seats, target, lines);
        expect(ids.length).toBeLessThanOrEqual(seats);
        if (ids.length === 0) continue;
        for (const group of ['woman', 'man', 'nonbinary'] as const) {
          expect(Math.abs((100 * counts[group]) / ids.length - target[group])).toBeLessThanOrEqual(2 + 1e-9);
        }
      }
    }
  });

  it('counts ticket holders already in the wave toward the mix, and says when they alone break it', () => {
    const target = { woman: 50, man: 50, nonbinary: 0 };
    const fixed = { woman: 0, man: 6, nonbinary: 0 };
    const lines = lineOf(skewed(500));
    const { ids, counts } = draftDeclared(44, target, lines, fixed);
    expect(ids).toHaveLength(44);
    // 50 declared in all, 6 of them men already: 25/25 is exactly the middle, and the draft takes 19 more men.
    expect(counts.woman + counts.man).toBe(50);
    expect(Math.abs(counts.man - 25)).toBeLessThanOrEqual(1);
    expect(ids.filter((id) => lines.man.ids.includes(id))).toEqual(lines.man.ids.slice(0, counts.man - 6));
    expect(enoughOf(44, target, fixed)).toEqual({ woman: 26, man: 20, nonbinary: 1 });
    expect(decided(44, target, { woman: 30, man: 18, nonbinary: 0 }, fixed)).toBe(true);
    expect(decided(44, target, { woman: 30, man: 17, nonbinary: 0 }, fixed)).toBe(false);
    expect(fixedFits(44, target, fixed)).toBe(true);
    // Ten non-binary friends in a wave of 20 more with a target of 0 %: no draft can keep that mix.
    expect(fixedFits(20, target, { woman: 0, man: 0, nonbinary: 10 })).toBe(false);
  });
});
