import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseCell } from './spreadsheet-cells.ts';

describe('export cells never start a formula (OWASP CSV injection)', () => {
  it('prefixes texts starting with = + - @ tab or carriage return with an apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseCell(`${start}HYPERLINK("http://x","y")`)).toBe(`'${start}HYPERLINK("http://x","y")`);
    expect(neutraliseCell('=1+1')).toBe("'=1+1");
  });

  it('leaves other texts, numbers, booleans and empty cells alone', () => {
    expect(neutraliseCell('Erika')).toBe('Erika');
    expect(neutraliseCell(' =1')).toBe(' =1');
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseCell(true)).toBe(true);
    expect(neutraliseCell(null)).toBe(null);
    expect(neutraliseCell('')).toBe('');
  });

  it('no neutralised text starts with a formula character', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = neutraliseCell(s);
        expect(/^[=+\-@\t\r]/.test(out)).toBe(false);
        expect(out === s || out === `'${s}`).toBe(true);
      }),
    );
  });
});
