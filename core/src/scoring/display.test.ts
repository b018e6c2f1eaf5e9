import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONSUMPTION_DECIMALS, formatConsumption } from './display.ts';

describe('a consumption figure as every screen shows it', () => {
  it('has one decimal at most, in the language of the reader', () => {
    expect(formatConsumption(142.357, 'de')).toBe('142,4');
    expect(formatConsumption(142.357, 'en')).toBe('142.4');
    expect(formatConsumption(1250, 'de')).toBe('1.250');
    expect(formatConsumption(12.04, 'en')).toBe('12');
  });
  it('never writes more decimals than the one named', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100_000, noNaN: true }), (value) => {
        const decimals = formatConsumption(value, 'en').split('.')[1] ?? '';
        expect(decimals.length).toBeLessThanOrEqual(CONSUMPTION_DECIMALS);
      }),
    );
  });
});
