import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flagParam, idParam, idValue, intValue, numberChoiceParam, text, wholeNumberParam } from './schemas.ts';

describe('the shared input schemas', () => {
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

  const keysOf = (schema: z.ZodType, value: unknown) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? 'ok' : [...new Set(parsed.error.issues.map((i) => i.message))].join(' ');
  };

  it('refuses a number text with its key and what is no text (a repeated or missing parameter) as generic', () => {
    expect(keysOf(idParam, '0x10')).toBe('validation-number');
    expect(keysOf(idParam, '0')).toBe('validation-number');
    expect(keysOf(idParam, ['1', '2'])).toBe('validation-generic');
    expect(keysOf(idParam, undefined)).toBe('validation-generic');
    expect(keysOf(wholeNumberParam(0, 366, 'validation-generic'), '367')).toBe('validation-generic');
    expect(wholeNumberParam(0, 366).parse('0')).toBe(0);
  });

  it('takes a choice of numbers only among its values, with the range key outside and the other key inside the range', () => {
    const pageSize = numberChoiceParam([5, 10, 25, 50, 100], { min: 1, max: 100, otherKey: 'validation-generic' });
    expect(pageSize.parse('25')).toBe(25);
    expect(keysOf(pageSize, '7')).toBe('validation-generic');
    expect(pageSize.safeParse('101').error?.issues.map((i) => i.message)).toEqual(['validation-number']);
    expect(keysOf(pageSize, '010')).toBe('validation-number');
    const format = numberChoiceParam([1, 2], { key: 'validation-generic' });
    expect(['0', '1', '2', '3', 'x'].map((v) => keysOf(format, v))).toEqual(['validation-generic', 'ok', 'ok', 'validation-generic', 'validation-generic']);
  });

  it('takes a flag only as true or false', () => {
    expect(flagParam.parse('true')).toBe(true);
    expect(flagParam.parse('false')).toBe(false);
    for (const bad of ['TRUE', 'False', '1', '0', 'yes', '', ' true', ['true']]) expect(keysOf(flagParam, bad), String(bad)).toBe('validation-generic');
  });

  it('describes URL numbers and flags by what a caller sends: integer with its limits, the choices as enum, boolean', () => {
    const described = (schema: z.ZodType) => {
      const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
      return rest;
    };
    expect(described(idParam)).toEqual({ type: 'integer', minimum: 1, maximum: 2147483647 });
    expect(described(numberChoiceParam([0, 1, 2]))).toEqual({ type: 'integer', minimum: 0, maximum: 2, enum: [0, 1, 2] });
    expect(described(flagParam)).toEqual({ type: 'boolean' });
  });
});
