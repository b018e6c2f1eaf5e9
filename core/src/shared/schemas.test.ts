import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idParam, idValue, intValue, text } from './schemas.ts';

describe('the shared input schemas (issue 9)', () => {
  it('takes ids of decimal digits from 1 to 2147483647 only', () => {
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse('2147483647')).toBe(2147483647);
    for (const bad of ['0', '01', '2147483648', '99999999999', '0x10', ' 1', '%201', '1e3', '+1', '-1', '1.0', '', 'abc', '１']) {
      expect(idParam.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('refuses every string that is not the decimal writing of an id in range', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer({ min: -10, max: 2 ** 32 }).map(String), fc.stringMatching(/^[0-9]{1,12}$/)), (s) => {
        const parsed = idParam.safeParse(s);
        const n = Number(s);
        const canonical = String(n) === s && Number.isInteger(n) && n >= 1 && n <= 2 ** 31 - 1;
        expect(parsed.success).toBe(canonical);
      }),
    );
  });

  it('bounds ids and integers of JSON bodies by the database integer', () => {
    expect(idValue.safeParse(2 ** 31).success).toBe(false);
    expect(idValue.safeParse(2 ** 31 - 1).success).toBe(true);
    expect(intValue().safeParse(2 ** 31).success).toBe(false);
    expect(intValue(0, 10).safeParse(11).success).toBe(false);
  });

  it('refuses a NUL character and text over the limit', () => {
    expect(text(10).safeParse('a\u0000b').success).toBe(false);
    expect(text(3).safeParse('abcd').success).toBe(false);
    expect(text(3).parse('abc')).toBe('abc');
  });
});
