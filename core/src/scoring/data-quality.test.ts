import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerStructure, storedAnswers } from '../answering/arbitraries/answering.ts';
import { PROVENANCES } from '../answering/provenance.ts';
import { consumptionQuestions, DATA_QUALITY_KINDS, dataQuality, groupDataQuality, WEAK_ESTIMATED_SHARE, type DataQuality } from './data-quality.ts';

const NO_FLAGS = { openFlags: 0, flags: 0, openShare: 0 };
const sum = (q: DataQuality) => DATA_QUALITY_KINDS.reduce((s, k) => s + q.shares[k], 0);

/** A structure with its answers, each figure given a provenance. */
const answered = answerStructure(['ValueQuestion', 'SingleChoice']).chain((structure) =>
  fc.tuple(fc.constant(structure), storedAnswers(structure).chain((answers) => fc.tuple(...answers.map((a) => fc.constantFrom(...PROVENANCES).map((p) => ({ ...a, provenance: a.inputAnswer === null ? null : p })))))),
);

describe('data quality (issue 40)', () => {
  it('the shares of measured, estimated, calculated and missing figures add up to 100 %, each counted among the consumption figures asked', () => {
    fc.assert(
      fc.property(answered, ([structure, answers]) => {
        const quality = dataQuality(structure, answers, NO_FLAGS);
        expect(sum(quality)).toBeCloseTo(1, 12);
        const asked = consumptionQuestions(structure);
        expect(quality.figures).toBe(asked.length);
        for (const kind of PROVENANCES) {
          const given = asked.filter((q) => answers.some((a) => a.questionId === q.id && a.state !== null && a.provenance === kind)).length;
          expect(quality.shares[kind]).toBeCloseTo(asked.length === 0 ? 0 : given / asked.length, 12);
        }
        expect(quality.weak).toBe(quality.shares.estimated > WEAK_ESTIMATED_SHARE);
      }),
    );
  });

  it('a group weighs its objects by floor area: shares still add up to 100 %, and one object alone is the group', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(answered, fc.integer({ min: 0, max: 50_000 })), { minLength: 1, maxLength: 5 }), (objects) => {
        const parts = objects.map(([[structure, answers], area]) => ({ area, quality: dataQuality(structure, answers, { openFlags: 1, flags: 2, openShare: 0.5 }) }));
        const group = groupDataQuality(parts);
        expect(sum(group)).toBeCloseTo(1, 12);
        expect(group.openFlags).toBe(parts.length);
        expect(group.openFlagShare).toBeCloseTo(0.5, 12);
        if (parts.length === 1) expect(group.shares).toEqual(parts[0]!.quality.shares);
      }),
    );
  });

  it('by area, not by count: a large estimated object makes a small measured portfolio weak', () => {
    const object = (estimated: number): DataQuality => ({ figures: 10, shares: { measured: 1 - estimated, estimated, calculated: 0, missing: 0 }, openFlags: 0, flags: 0, openFlagShare: 0, weak: estimated > 0.2 });
    const group = groupDataQuality([{ area: 9_000, quality: object(0.5) }, { area: 1_000, quality: object(0) }, { area: 1_000, quality: object(0) }]);
    expect(group.shares.estimated).toBeCloseTo(0.5 * 9 / 11, 12);
    expect(group.weak).toBe(true);
  });
});
