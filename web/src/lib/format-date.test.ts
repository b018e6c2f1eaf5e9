import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTimeAgo } from './format-date.ts';

describe('dates in the interface', () => {
  it('follow the UI language, not the browser', () => {
    const iso = '2025-01-15T09:00:00Z';
    expect(formatDateTime(iso, 'de')).toMatch(/^15\.01\.2025, \d{2}:00$/);
    expect(formatDateTime(iso, 'en')).toMatch(/^15 Jan 2025, \d{2}:00$/);
  });

  it('shows a dash where there is no date', () => {
    expect(formatDateTime(null, 'de')).toBe('–');
  });

  it('say how long ago a point in time was, in the UI language', () => {
    const now = Date.parse('2025-01-15T09:00:00Z');
    expect(formatTimeAgo('2025-01-15T08:58:00Z', 'de', now)).toBe('vor 2 Minuten');
    expect(formatTimeAgo('2025-01-15T08:58:00Z', 'en', now)).toBe('2 minutes ago');
    expect(formatTimeAgo('2025-01-15T08:59:30Z', 'de', now)).toBe('vor 30 Sekunden');
    expect(formatTimeAgo('2025-01-15T06:10:00Z', 'en', now)).toBe('2 hours ago');
    expect(formatTimeAgo('2025-01-11T09:00:00Z', 'de', now)).toBe('vor 4 Tagen');
    expect(formatTimeAgo('2025-01-15T09:00:05Z', 'en', now)).toBe('now');
  });
});
