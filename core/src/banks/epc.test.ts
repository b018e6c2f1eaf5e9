import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDate } from './arbitraries/loans.ts';
import { addDays, addYears, epcAfter, epcExpiresSoon, epcExpiryWindow, NO_EPC, epcProblems, epcValidOn, isIsoDate } from './epc.ts';
import { epcFieldsSchema } from './epc-schema.ts';

describe('energy performance certificate (DOMAIN.md §11)', () => {
  it('is valid on a date when issued before it and valid until after it', () => {
    const epc = { epcIssuedAt: '2020-01-10', epcValidUntil: '2030-01-09' };
    expect(epcValidOn(epc, '2020-01-10')).toBe(false);
    expect(epcValidOn(epc, '2020-01-11')).toBe(true);
    expect(epcValidOn(epc, '2030-01-08')).toBe(true);
    expect(epcValidOn(epc, '2030-01-09')).toBe(false);
    expect(epcValidOn({ epcIssuedAt: null, epcValidUntil: null }, '2025-01-01')).toBe(false);
  });

  it('refuses a validity before (or on) its issue, and one more than ten years after', () => {
    expect(epcProblems({ epcIssuedAt: '2020-05-01', epcValidUntil: '2020-04-30' })).toEqual([{ path: 'epcValidUntil', key: 'epc-valid-until-before-issue' }]);
    expect(epcProblems({ epcIssuedAt: '2020-05-01', epcValidUntil: '2030-05-01' })).toEqual([]);
    expect(epcProblems({ epcIssuedAt: '2020-05-01', epcValidUntil: '2030-05-02' })).toEqual([{ path: 'epcValidUntil', key: 'epc-valid-too-long' }]);
    expect(epcProblems({ epcIssuedAt: null, epcValidUntil: '2030-05-02' })).toEqual([{ path: 'epcIssuedAt', key: 'epc-dates-incomplete' }]);
    expect(epcProblems({ epcIssuedAt: null, epcValidUntil: null })).toEqual([]);
  });

  it('accepts every validity from the day after issue up to ten years, and nothing beyond', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 1, max: 3660 }), (issued, days) => {
        const until = new Date(`${issued}T00:00:00Z`);
        until.setUTCDate(until.getUTCDate() + days);
        const validUntil = until.toISOString().slice(0, 10);
        expect(epcProblems({ epcIssuedAt: issued, epcValidUntil: validUntil }).length === 0).toBe(validUntil <= addYears(issued, 10));
      }),
    );
  });

  it('expires soon when still valid and ending within 90 days', () => {
    const epc = { epcIssuedAt: '2016-03-01', epcValidUntil: '2026-02-27' };
    expect(epcExpiresSoon(epc, '2025-11-29')).toBe(true);
    expect(epcExpiresSoon(epc, '2025-11-28')).toBe(false);
    expect(epcExpiresSoon(epc, '2026-02-27')).toBe(false);
  });

  it('reads the classes A+ to H only, and a registration number of at most 40 characters', () => {
    expect(epcFieldsSchema.safeParse({ epcClass: 'A+' }).success).toBe(true);
    const wrong = epcFieldsSchema.safeParse({ epcClass: 'A++' });
    expect(wrong.success ? null : wrong.error.issues[0]!.message).toBe('epc-class-unknown');
    expect(epcFieldsSchema.safeParse({ epcRegistrationNumber: 'x'.repeat(41) }).success).toBe(false);
    expect(epcFieldsSchema.parse({ epcRegistrationNumber: '', epcIssuedAt: '' })).toEqual({ epcRegistrationNumber: null, epcIssuedAt: null });
    expect(epcFieldsSchema.safeParse({ epcIssuedAt: '2024-13-01' }).success).toBe(false);
  });

  it('a save keeps each field it leaves out and replaces each it gives, null removing it', () => {
    const stored = { ...NO_EPC, epcClass: 'C' as const, epcFinalEnergyDemand: 120, largeNonResidential: true };
    expect(epcAfter(stored, { epcClass: 'B', epcFinalEnergyDemand: null })).toEqual({ ...stored, epcClass: 'B', epcFinalEnergyDemand: null });
    expect(epcAfter(stored, {})).toEqual(stored);
  });

  it('knows real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-04-31')).toBe(false);
    expect(addYears('2024-02-29', 10)).toBe('2034-02-28');
  });

  it('the list filter\'s window (a plain comparison of the stored dates) selects exactly what epcExpiresSoon says', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -4000, max: 5 }), fc.integer({ min: -5, max: 200 }), (today, issuedIn, endsIn) => {
        const [issued, until] = [addDays(today, issuedIn), addDays(today, endsIn)];
        const { today: from, until: last } = epcExpiryWindow(today);
        const inWindow = issued < from && until > from && until <= last;
        expect(inWindow).toBe(epcExpiresSoon({ epcIssuedAt: issued, epcValidUntil: until }, today));
      }),
    );
    expect(epcExpiryWindow('2030-12-31')).toEqual({ today: '2030-12-31', until: '2031-03-31' });
  });
});
