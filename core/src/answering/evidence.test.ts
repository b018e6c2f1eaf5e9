// The evidence library (docs/evidence.md): a document counts as evidence exactly when it is valid on the reporting
// date; its validity ends no earlier than it starts; a document that is part of a label is not deleted.
import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSET_QUESTIONNAIRE_STATES } from './answers.ts';
import { Role } from '../identity/roles.ts';
import { ANSWER_STATES } from './answers.ts';
import { checkedElsewhere, checkerOf, CHECKED_ANSWER_STATES, checkEvidenceFields, countsAsEvidence, expiresWithin, LABEL_STATES, mayChangeLibrary, mayDeleteEvidence, mayReadLibrary, reportingDateOf } from './evidence.ts';

const day = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
const maybeDay = fc.option(day, { nil: null });

describe('a document counts as evidence', () => {
  it('exactly when the reporting date lies within its validity, both ends included, an open end no limit', () => {
    fc.assert(
      fc.property(maybeDay, maybeDay, day, (validFrom, validUntil, reportingDate) => {
        const afterStart = validFrom === null || Date.parse(validFrom) <= Date.parse(reportingDate);
        const beforeEnd = validUntil === null || Date.parse(reportingDate) <= Date.parse(validUntil);
        expect(countsAsEvidence({ validFrom, validUntil }, reportingDate)).toBe(afterStart && beforeEnd);
      }),
    );
  });

  it('on its first and last day, not the day after', () => {
    const contract = { validFrom: '2025-01-01', validUntil: '2025-12-31' };
    expect(countsAsEvidence(contract, '2025-01-01')).toBe(true);
    expect(countsAsEvidence(contract, reportingDateOf(2025))).toBe(true);
    expect(countsAsEvidence(contract, '2024-12-31')).toBe(false);
    expect(countsAsEvidence(contract, reportingDateOf(2026))).toBe(false);
    expect(countsAsEvidence({ validFrom: null, validUntil: null }, '1999-01-01')).toBe(true);
  });
});

describe("a library entry's fields", () => {
  it('are refused when validUntil lies before validFrom, and taken when not', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        const result = checkEvidenceFields({ title: 'Wartungsvertrag', type: 'contract', validFrom: a, validUntil: b });
        if (b < a) expect(result).toEqual(E.left([{ path: 'validUntil', key: 'evidence-valid-until-before-from' }]));
        else expect(E.isRight(result)).toBe(true);
      }),
    );
  });

  it('need a title of at most 200 characters and dates that exist', () => {
    expect(checkEvidenceFields({ title: '  ', type: 'other', validFrom: null, validUntil: null })).toEqual(E.left([{ path: 'title', key: 'validation-required' }]));
    expect(checkEvidenceFields({ title: 'x'.repeat(201), type: 'other', validFrom: null, validUntil: null })).toEqual(E.left([{ path: 'title', key: 'evidence-title-too-long' }]));
    expect(checkEvidenceFields({ title: 'Police', type: 'policy', validFrom: '2025-02-30', validUntil: null })).toEqual(E.left([{ path: 'validFrom', key: 'evidence-date' }]));
    expect(checkEvidenceFields({ title: ' Police ', type: 'policy', validFrom: null, validUntil: '2026-01-31' })).toEqual(E.right({ title: 'Police', type: 'policy', validFrom: null, validUntil: '2026-01-31' }));
  });
});

describe('expiring documents', () => {
  it('are those whose validity ends from today up to 60 days ahead', () => {
    expect(expiresWithin('2026-01-29', '2025-11-30', 60)).toBe(true);
    expect(expiresWithin('2026-01-30', '2025-11-30', 60)).toBe(false);
    expect(expiresWithin('2025-11-30', '2025-11-30', 60)).toBe(true);
    expect(expiresWithin('2025-11-29', '2025-11-30', 60)).toBe(false);
    expect(expiresWithin(null, '2025-11-30', 60)).toBe(false);
  });
});

describe('deleting a library entry', () => {
  it('is refused exactly when one of its links is in a submitted or closed questionnaire', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES)), (states) => {
        const inLabel = states.some((s) => ['Review', 'Evaluation', 'Verification', 'Closed'].includes(s));
        expect(mayDeleteEvidence(states)).toEqual(inLabel ? E.left('evidence-in-label') : E.right(true));
      }),
    );
    expect(LABEL_STATES).not.toContain('Active');
  });
});

describe('the library', () => {
  it('is changed by those who answer, read also by the object analyst, closed to everyone else', () => {
    for (const role of [Role.ObjectAdministrator, Role.ObjectDataCollector, Role.ProspectiveBuyer]) expect([mayChangeLibrary({ roles: [role] }), mayReadLibrary({ roles: [role] })]).toEqual([true, true]);
    expect([mayChangeLibrary({ roles: [Role.ObjectAnalyst] }), mayReadLibrary({ roles: [Role.ObjectAnalyst] })]).toEqual([false, true]);
    for (const role of [Role.AccountAdministrator, Role.Evaluator, Role.ExternalAccreditedTester, Role.InternalTester, Role.AccountManager]) {
      expect([mayChangeLibrary({ roles: [role] }), mayReadLibrary({ roles: [role] })]).toEqual([false, false]);
    }
  });
});

describe('already checked', () => {
  const link = fc.record({
    evidenceId: fc.integer({ min: 1, max: 4 }),
    assetQuestionnaireId: fc.integer({ min: 1, max: 4 }),
    assetName: fc.constant('Bürohaus'),
    reportingYear: fc.constant(2025),
    answerState: fc.constantFrom(null, ...ANSWER_STATES),
    checkedBy: fc.option(fc.string(), { nil: null }),
    checkedAt: fc.option(day, { nil: null }),
    certificateCode: fc.constant(null),
  });

  it('names exactly the accepted answers of other questionnaires, per document, newest first', () => {
    fc.assert(
      fc.property(fc.array(link, { maxLength: 20 }), fc.integer({ min: 1, max: 4 }), (links, current) => {
        const found = checkedElsewhere(links, current);
        const expected = links.filter((l) => l.assetQuestionnaireId !== current && l.answerState !== null && CHECKED_ANSWER_STATES.includes(l.answerState));
        expect([...found.values()].flat().length).toBe(expected.length);
        for (const [evidenceId, checks] of found) {
          for (const c of checks) expect(c.evidenceId).toBe(evidenceId);
          for (let i = 1; i < checks.length; i++) expect((checks[i - 1]!.checkedAt ?? '') >= (checks[i]!.checkedAt ?? '')).toBe(true);
        }
      }),
    );
  });

  it('records the checker only with an accepting decision', () => {
    expect(checkerOf('ReviewAccepted', 'Tina Tester')).toBe('Tina Tester');
    expect(checkerOf('EvaluationAccepted', 'Eva Evaluator')).toBe('Eva Evaluator');
    for (const state of [null, 'Answered', 'Declined', 'Verification'] as const) expect(checkerOf(state, 'Tina Tester')).toBeNull();
  });
});
