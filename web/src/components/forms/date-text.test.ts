import { describe, expect, it } from 'vitest';
import { formatDateText, parseDateText } from './date-text.ts';

describe('dates as the interface language writes them', () => {
  it('read day, month and year in German and English order, and ISO dates', () => {
    expect(parseDateText('24.12.2026')).toBe('2026-12-24');
    expect(parseDateText('1.2.2026')).toBe('2026-02-01');
    expect(parseDateText('24/12/2026')).toBe('2026-12-24');
    expect(parseDateText(' 2026-12-24 ')).toBe('2026-12-24');
  });

  it('refuse dates that do not exist and anything else', () => {
    expect(parseDateText('31.02.2026')).toBeNull();
    expect(parseDateText('29.02.2025')).toBeNull();
    expect(parseDateText('29.02.2024')).toBe('2024-02-29');
    expect(parseDateText('12/24/26')).toBeNull();
    expect(parseDateText('')).toBeNull();
    expect(parseDateText('morgen')).toBeNull();
  });

  it('write a stored date as TT.MM.JJJJ in German and DD/MM/YYYY in English, nothing for none', () => {
    expect(formatDateText('2024-03-01', 'de')).toBe('01.03.2024');
    expect(formatDateText('2024-03-01', 'en')).toBe('01/03/2024');
    expect(formatDateText('', 'de')).toBe('');
    expect(formatDateText(null, 'en')).toBe('');
  });
});
