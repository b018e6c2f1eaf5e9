// The payload of a save (PUT asset/answer) and when two answers say the same.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANSWER_STATES, givenAnswers, saveAnswersSchema, sameValue } from './answers.ts';

describe('the save payload', () => {
  it('reads a list of answers, with missing number and options as none', () => {
    expect(saveAnswersSchema.parse([{ assetId: 1, questionId: 2 }])).toEqual([{ assetId: 1, questionId: 2, inputAnswer: null, multipleChoiceOption: [], isBuyerAsset: false }]);
    expect(saveAnswersSchema.parse([{ assetId: 1, questionId: 2, inputAnswer: 12.5, multipleChoiceOption: null, isBuyerAsset: true }])[0]).toMatchObject({ inputAnswer: 12.5, multipleChoiceOption: null });
  });

  it.each([
    ['an empty list', []],
    ['a number as text', [{ assetId: 1, questionId: 2, inputAnswer: '12,5' }]],
    ['an option that is not a whole number', [{ assetId: 1, questionId: 2, multipleChoiceOption: [1.5] }]],
    ['a question id of 0', [{ assetId: 1, questionId: 0 }]],
  ])('refuses %s', (_, body) => {
    expect(saveAnswersSchema.safeParse(body).success).toBe(false);
  });

  it('says which answer is wrong with the key of the answering rules', () => {
    const result = saveAnswersSchema.safeParse([{ assetId: 1, questionId: 2 }, { assetId: 1, questionId: 3, inputAnswer: 'x' }]);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: [1, 'inputAnswer'], message: 'answer-value-not-number' });
  });
});

describe('two answers say the same', () => {
  it('when number and options agree, in whatever order the options come', () => {
    fc.assert(
      fc.property(fc.option(fc.integer(), { nil: null }), fc.uniqueArray(fc.nat(50), { maxLength: 4 }), (n, options) => {
        expect(sameValue({ inputAnswer: n, multipleChoiceOption: options }, { inputAnswer: n, multipleChoiceOption: [...options].reverse() })).toBe(true);
      }),
    );
    expect(sameValue({ inputAnswer: 1, multipleChoiceOption: [] }, { inputAnswer: 2, multipleChoiceOption: [] })).toBe(false);
    expect(sameValue({ inputAnswer: null, multipleChoiceOption: [1] }, { inputAnswer: null, multipleChoiceOption: [1, 2] })).toBe(false);
  });
});

describe('the answers given', () => {
  it('a cleared answer row (state null) is no answer; every answered state is one, in the order stored', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.nat(), state: fc.constantFrom(null, ...ANSWER_STATES) })), (rows) => {
        const given = givenAnswers(rows);
        expect(given).toEqual(rows.filter((r) => ANSWER_STATES.some((s) => s === r.state)));
        expect(given.length + rows.filter((r) => r.state === null).length).toBe(rows.length);
      }),
    );
  });
});
