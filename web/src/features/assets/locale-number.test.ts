import { describe, expect, it } from 'vitest';
import { normaliseNumberText, numberOf, numberText, relocaliseNumberText } from './locale-number.ts';

describe('number fields in the user’s locale', () => {
  it('show stored numbers with a decimal comma in German and a period in English', () => {
    expect(numberText(1234.5, 'de')).toBe('1.234,5');
    expect(numberText(1234.5, 'en')).toBe('1,234.5');
    expect(numberText(0, 'de')).toBe('0');
    expect(numberText(null, 'de')).toBe('');
  });

  it('read comma or period as the decimal separator, empty as no number, anything else as NaN', () => {
    expect(numberOf('12,5', 'de')).toBe(12.5);
    expect(numberOf('12.5', 'de')).toBe(12.5);
    expect(numberOf('1.234,5', 'de')).toBe(1234.5);
    expect(numberOf('12.5', 'en')).toBe(12.5);
    expect(numberOf('  ', 'en')).toBeNull();
    expect(numberOf('zwölf', 'de')).toBeNaN();
  });

  it('write a readable number the locale’s way on focus out and leave unreadable text for the check', () => {
    expect(normaliseNumberText('1234.5', 'de')).toBe('1.234,5');
    expect(normaliseNumberText('1234,5', 'en')).toBe('1,234.5');
    expect(normaliseNumberText('abc', 'de')).toBe('abc');
    expect(normaliseNumberText('', 'de')).toBe('');
  });

  it('rewrite typed numbers when the language changes, keeping their value', () => {
    expect(relocaliseNumberText('1.234,5', 'de', 'en')).toBe('1,234.5');
    expect(relocaliseNumberText('1,234.5', 'en', 'de')).toBe('1.234,5');
    expect(relocaliseNumberText('x', 'en', 'de')).toBe('x');
    for (const value of [0, 1, 12.25, 999.5, 1000, 123456.789]) {
      expect(numberOf(relocaliseNumberText(numberText(value, 'de'), 'de', 'en'), 'en')).toBe(value);
    }
  });
});
