import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date.ts';

describe('dates in the interface', () => {
  it('follow the UI language, not the browser', () => {
    const iso = '2025-01-15T09:00:00Z';
    expect(formatDateTime(iso, 'de')).toMatch(/^15\.01\.2025, \d{2}:00$/);
    expect(formatDateTime(iso, 'en')).toMatch(/^15 Jan 2025, \d{2}:00$/);
  });

  it('shows a dash where there is no date', () => {
    expect(formatDateTime(null, 'de')).toBe('–');
  });
});
