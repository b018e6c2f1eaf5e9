import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ASSET_QUESTIONNAIRE_STATES } from './answers.ts';
import { mayChangeDocuments } from './documents.ts';
import { mayStartNewRun, reportingYearOf } from './versions.ts';

describe('starting a new filled questionnaire', () => {
  it.each([
    [null, true],
    ['Active', false],
    ['Review', false],
    ['Evaluation', false],
    ['Declined', false],
    ['Verification', false],
    ['Closed', true],
    ['Expired', true],
    ['DefinitelyDeclined', true],
  ] as const)('after a latest run in state %s a new one may start: %s', (state, expected) => {
    expect(mayStartNewRun(state)).toBe(expected);
  });

  it('the reporting year is the calendar year before the start, whatever the day', () => {
    expect(reportingYearOf(Date.UTC(2026, 0, 1, 0, 0))).toBe(2025);
    expect(reportingYearOf(Date.UTC(2026, 11, 31, 23, 59))).toBe(2025);
    fc.assert(fc.property(fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 0, max: 364 }), (year, day) => reportingYearOf(Date.UTC(year, 0, 1) + day * 86_400_000) === year - 1));
  });
});

describe('documents change while the customer works on the questionnaire', () => {
  it.each(ASSET_QUESTIONNAIRE_STATES.map((s) => [s, ['Active', 'Declined', 'Verification'].includes(s)] as const))('in %s: %s', (state, expected) => {
    expect(mayChangeDocuments(state)).toBe(expected);
  });
});
