import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv.js';

describe('csv', () => {
  it.each([
    ['plain@example.com', 'plain@example.com'],
    ['with,comma', '"with,comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
  ])('writes %j as %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('leaves numbers and empty values alone and ends rows with CRLF', () => {
    expect(csvRow([1, null, -3, 'a'])).toBe('1,,-3,a\r\n');
  });
});
