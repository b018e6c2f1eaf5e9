// Reminders before a label expires (issue 22): 60 and 30 days before its valid-until, each at most once.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { daysBetween, dueReminder, expiresWithinLimit, reminderMail, REMINDER_THRESHOLDS } from './reminders.ts';

const addDays = (date: string, days: number) => new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + days)).toISOString().slice(0, 10);
const VALID_UNTIL = '2026-06-30';

describe('label reminders (issue 22)', () => {
  it.each([
    [61, null],
    [60, 60],
    [31, 60],
    [30, 30],
    [0, 30],
    [-1, null],
  ] as const)('with %i days left and nothing sent: %s', (left, due) => {
    expect(dueReminder(VALID_UNTIL, addDays(VALID_UNTIL, -left), [])).toBe(due);
  });

  it('after the 60-day reminder only the 30-day one follows; after the 30-day one nothing', () => {
    expect(dueReminder(VALID_UNTIL, addDays(VALID_UNTIL, -45), [60])).toBeNull();
    expect(dueReminder(VALID_UNTIL, addDays(VALID_UNTIL, -30), [60])).toBe(30);
    expect(dueReminder(VALID_UNTIL, addDays(VALID_UNTIL, -50), [30])).toBeNull();
  });

  it('a reminder is due at most once per label and threshold, for any sequence of clock ticks', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 400 }), { maxLength: 60 }), (ticks) => {
        const sent: number[] = [];
        for (const left of ticks) {
          const due = dueReminder(VALID_UNTIL, addDays(VALID_UNTIL, -left), sent);
          if (due !== null) sent.push(due);
        }
        for (const t of REMINDER_THRESHOLDS) expect(sent.filter((s) => s === t).length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a clock running day by day from a year before sends the 60-day and the 30-day reminder, once each', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), (step) => {
        const sent: number[] = [];
        for (let left = 365; left >= -5; left -= step) {
          const due = dueReminder(VALID_UNTIL, addDays(VALID_UNTIL, -left), sent);
          if (due !== null) sent.push(due);
        }
        expect(sent).toEqual([60, 30]);
      }),
    );
  });

  it('counts days across month and year ends', () => {
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-03-01', '2026-02-28')).toBe(-1);
    expect(expiresWithinLimit('2026-11-24', 90)).toBe('2027-02-22');
  });

  it('the mail speaks the contact\'s language and links every label', () => {
    const items = [
      { kind: 'asset' as const, name: 'Haus A', validUntil: '2026-12-24', link: 'https://ecore.example/a' },
      { kind: 'group' as const, name: 'Bestand Süd', validUntil: '2027-01-10', link: 'https://ecore.example/g' },
    ];
    const de = reminderMail('de', 'x@example.org', 'Erika Muster', items);
    expect(de.subject).toBe('ECORE-Portal: 2 Labels laufen bald ab');
    expect(de.text).toContain('Objekt „Haus A“, gültig bis 24.12.2026: https://ecore.example/a');
    expect(de.text).toContain('Objektgruppe „Bestand Süd“');
    const en = reminderMail('en', 'x@example.org', 'Erika Muster', items.slice(0, 1));
    expect(en.subject).toBe('ECORE portal: a label expires soon');
    expect(en.text).toContain('Object "Haus A", valid until 2026-12-24: https://ecore.example/a');
  });
});
