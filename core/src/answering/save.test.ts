import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import type { Question } from '../questionnaires/template.ts';
import { answerableQuestions, type AnswerStructure } from './applicability.ts';
import { answerStructure, storedAnswers as storedAnswerRows, validValue } from './arbitraries/answering.ts';
import type { AnswerValue, StoredAnswer } from './answers.ts';
import { PROVENANCES, provenanceOf, type Provenance } from './provenance.ts';
import { decideSave, storedAnswers, type AnswerRecord, type SaveItem, type SaveOutcome, type SheetToSave } from './save.ts';

const NOW = Date.UTC(2026, 10, 29, 9);
const COLLECTOR = { userId: 7 };

/** A score that looks at every answer given: any answer the save got wrong changes it. */
const score = (answers: readonly StoredAnswer[]) =>
  answers
    .filter((a) => a.state !== null)
    .map((a) => `${a.questionId}=${a.inputAnswer ?? ''}/${a.multipleChoiceOption.join('+')}`)
    .sort()
    .join(',');

const context = (structure: AnswerStructure, sampled = false) => ({ structure, sampled, note: '', score });

/** An Active questionnaire, its stored answers as the database holds them, nobody holding its lock. */
const activeSheet = (structure: AnswerStructure): fc.Arbitrary<SheetToSave> =>
  storedAnswerRows(structure).map((rows) => ({
    row: { state: 'Active', declineCount: 0, adjustments: 0 },
    lock: null,
    answers: rows.map((r): AnswerRecord => ({ ...r, changedSinceDecline: false, evidenceRequested: false })),
    documents: [],
  }));

/** Questions of every kind but virtual ones, with at least two of them. */
const structures = answerStructure(['SingleChoice', 'MultipleChoice', 'ValueQuestion']).filter((s) => answerableQuestions(s).length >= 2);

/** A structure, a questionnaire of it, and one valid (not cleared) answer to one of its questions. */
const withOneAnswer = structures.chain((structure) =>
  fc.tuple(
    fc.constant(structure),
    activeSheet(structure),
    fc.constantFrom(...answerableQuestions(structure)).chain((q) => fc.tuple(fc.constant(q), validValue(q))),
  ),
);

const item = (question: Question, value: AnswerValue, index = 0): SaveItem => ({ index, questionId: question.id!, ...value });

/** What the database holds after the outcome is written (as the server writes it). */
const written = (sheet: SheetToSave, outcome: SaveOutcome<unknown>): SheetToSave => {
  let nextId = Math.max(0, ...sheet.answers.map((a) => a.id)) + 1;
  const answers = new Map(sheet.answers.map((a) => [a.questionId, a]));
  for (const w of outcome.writes) {
    const before = answers.get(w.questionId);
    answers.set(w.questionId, {
      ...(before ?? { id: nextId++, questionId: w.questionId, reviewStatus: 'Unchecked', changedSinceDecline: false, evidenceRequested: false }),
      inputAnswer: w.value.inputAnswer,
      multipleChoiceOption: w.value.multipleChoiceOption,
      state: w.value.state,
      provenance: w.value.provenance,
      changedSinceDecline: (w.value.changedSinceDecline ?? false) || (before?.changedSinceDecline ?? false),
    });
  }
  return { ...sheet, answers: [...answers.values()] };
};

const valuesOf = (sheet: SheetToSave) =>
  Object.fromEntries(sheet.answers.filter((a) => a.state !== null).map((a) => [a.questionId, { inputAnswer: a.inputAnswer, options: [...a.multipleChoiceOption].sort() }]));

const saved = <S>(result: E.Either<unknown, SaveOutcome<S>>): SaveOutcome<S> => {
  if (E.isLeft(result)) throw new Error(`refused: ${JSON.stringify(result.left)}`);
  return result.right;
};

describe('deciding a save of answers', () => {
  it('stores the score of the answers as the save leaves them, and counts their progress', () => {
    fc.assert(
      fc.property(withOneAnswer, ([structure, sheet, [question, value]]) => {
        const outcome = saved(decideSave(sheet, [item(question, value)], COLLECTOR, NOW, context(structure)));
        const after = written(sheet, outcome);
        // What the outcome says the answers are is what the database holds once it is written.
        expect(valuesOf({ ...sheet, answers: outcome.answers.map((a) => ({ ...a, evidenceRequested: false, changedSinceDecline: false })) })).toEqual(valuesOf(after));
        if (outcome.figures) {
          expect(outcome.figures.score).toBe(score(outcome.answers));
          expect(outcome.figures.answered).toBe(outcome.progress.answered);
        }
      }),
    );
  });

  it('a value the answer already says changes nothing: no answer written, nothing logged, no score stored', () => {
    fc.assert(
      fc.property(withOneAnswer, ([structure, sheet, [question, value]]) => {
        const first = saved(decideSave(sheet, [item(question, value)], COLLECTOR, NOW, context(structure)));
        const again = saved(decideSave(written(sheet, first), [item(question, value)], COLLECTOR, NOW, context(structure)));
        expect(again.writes).toEqual([]);
        expect(again.changes).toEqual([]);
        expect(again.figures).toBeNull();
        // The options sent in another order are the same answer.
        const reordered = { ...value, multipleChoiceOption: [...value.multipleChoiceOption].reverse() };
        expect(saved(decideSave(written(sheet, first), [item(question, reordered)], COLLECTOR, NOW, context(structure))).changes).toEqual([]);
      }),
    );
  });

  it('a changed answer is written once with one change-log entry in both languages, marked Answered', () => {
    fc.assert(
      fc.property(withOneAnswer, ([structure, sheet, [question, value]]) => {
        const outcome = saved(decideSave(sheet, [item(question, value)], COLLECTOR, NOW, context(structure)));
        const before = sheet.answers.find((a) => a.questionId === question.id);
        if (outcome.changes.length === 0) return;
        const provenance = question.type === 'ValueQuestion' ? 'measured' : null;
        expect(outcome.writes).toEqual([{ questionId: question.id, answerId: before?.id ?? null, value: { ...value, state: 'Answered', provenance } }]);
        expect(outcome.changes).toHaveLength(1);
        const [change] = outcome.changes;
        expect(change).toMatchObject({ questionId: question.id, userId: COLLECTOR.userId, kind: before && before.state !== null ? 'ModifiedAnswer' : 'Answered', newValue: { value } });
        expect(Object.keys(change!.newValue!.text).sort()).toEqual(['de', 'en']);
      }),
    );
  });

  it('two saves of different questions give the same answers in either order', () => {
    const twoQuestions = structures.chain((structure) =>
      fc.tuple(
        fc.constant(structure),
        activeSheet(structure),
        fc
          .shuffledSubarray(answerableQuestions(structure), { minLength: 2, maxLength: 2 })
          .chain(([a, b]) => fc.tuple(fc.constant(a!), validValue(a!), fc.constant(b!), validValue(b!))),
      ),
    );
    fc.assert(
      fc.property(twoQuestions, ([structure, sheet, [qa, va, qb, vb]]) => {
        const run = (first: SaveItem, second: SaveItem) => {
          const one = written(sheet, saved(decideSave(sheet, [first], COLLECTOR, NOW, context(structure))));
          const two = saved(decideSave(one, [second], COLLECTOR, NOW, context(structure)));
          return { values: valuesOf(written(one, two)), score: two.figures?.score ?? score(two.answers) };
        };
        expect(run(item(qa, va), item(qb, vb))).toEqual(run(item(qb, vb), item(qa, va)));
      }),
    );
  });

  it('a lock another user holds refuses the save with the holder named; the own lock and an expired one do not', () => {
    fc.assert(
      fc.property(withOneAnswer, ([structure, sheet, [question, value]]) => {
        const held = { ...sheet, lock: { userId: 99, holderName: 'Tess Tester', since: NOW - 60_000, lastActivity: NOW - 60_000 } };
        expect(decideSave(held, [item(question, value)], COLLECTOR, NOW, context(structure))).toEqual(E.left({ kind: 'locked', holderName: 'Tess Tester', lastActivity: NOW - 60_000 }));
        const own = { ...sheet, lock: { ...held.lock, userId: COLLECTOR.userId } };
        expect(E.isRight(decideSave(own, [item(question, value)], COLLECTOR, NOW, context(structure)))).toBe(true);
        const expired = { ...held, lock: { ...held.lock, lastActivity: NOW - 31 * 60_000 } };
        expect(E.isRight(decideSave(expired, [item(question, value)], COLLECTOR, NOW, context(structure)))).toBe(true);
      }),
    );
  });

  it('values that do not fit refuse the whole save with every problem and its place in the list; nothing is written', () => {
    fc.assert(
      fc.property(withOneAnswer, ([structure, sheet, [question, value]]) => {
        const items = [item(question, value, 0), { index: 1, questionId: question.id!, inputAnswer: 'viel', multipleChoiceOption: [] }, { index: 2, questionId: 1, inputAnswer: 3, multipleChoiceOption: [] }];
        expect(decideSave(sheet, items, COLLECTOR, NOW, context(structure))).toEqual(
          E.left({
            kind: 'fields',
            problems: [
              { path: '1.inputAnswer', key: 'answer-value-not-number' },
              { path: '2.questionId', key: 'answer-question-unknown' },
            ],
          }),
        );
      }),
    );
  });

  it('in a Declined questionnaire an answer the tester accepted is not answerable; a changed one is marked as changed since the decline', () => {
    fc.assert(
      fc.property(withOneAnswer, ([structure, sheet, [question, value]]) => {
        const declined = { ...sheet, row: { ...sheet.row, state: 'Declined' }, answers: sheet.answers.filter((a) => a.questionId !== question.id) };
        const accepted = { ...declined, answers: [...declined.answers, { id: 500, questionId: question.id!, inputAnswer: null, multipleChoiceOption: [], state: 'ReviewAccepted', reviewStatus: 'Approved', changedSinceDecline: false, evidenceRequested: false }] };
        expect(decideSave(accepted, [item(question, value)], COLLECTOR, NOW, context(structure))).toEqual(E.left({ kind: 'not-answerable' }));
        const outcome = saved(decideSave(declined, [item(question, value)], COLLECTOR, NOW, context(structure)));
        for (const w of outcome.writes) expect(w.value.changedSinceDecline).toBe(true);
      }),
    );
  });

  it("a sampled sheet's first save after its group's decline is its adjustment; a third is refused", () => {
    fc.assert(
      fc.property(withOneAnswer, ([structure, withAnswer, [question, value]]) => {
        // The question not answered yet (an answer the tester accepted is not answerable after a decline).
        const sheet = { ...withAnswer, answers: withAnswer.answers.filter((a) => a.questionId !== question.id) };
        const declinedOnce = { ...sheet, row: { state: 'Declined', declineCount: 1, adjustments: 0 } };
        expect(saved(decideSave(declinedOnce, [item(question, value)], COLLECTOR, NOW, context(structure, true))).adjustments).toBe(1);
        expect(saved(decideSave(declinedOnce, [item(question, value)], COLLECTOR, NOW, context(structure, false))).adjustments).toBeNull();
        const adjusted = { ...sheet, row: { state: 'Declined', declineCount: 1, adjustments: 1 } };
        expect(saved(decideSave(adjusted, [item(question, value)], COLLECTOR, NOW, context(structure, true))).adjustments).toBeNull();
        const spent = { ...sheet, row: { state: 'Declined', declineCount: 3, adjustments: 2 } };
        expect(decideSave(spent, [item(question, value)], COLLECTOR, NOW, context(structure, true))).toEqual(E.left({ kind: 'adjustment', key: 'objectGroups-adjust-limit' }));
      }),
    );
  });

  it('the same question twice in one save: the last value is written once, each change logged', () => {
    fc.assert(
      fc.property(withOneAnswer, ([structure, sheet, [question, value]]) => {
        const cleared = { inputAnswer: null, multipleChoiceOption: [] };
        const outcome = saved(decideSave(sheet, [item(question, value, 0), item(question, cleared, 1)], COLLECTOR, NOW, context(structure)));
        expect(outcome.writes.map((w) => [w.questionId, w.value.state])).toEqual([[question.id, null]]);
        expect(outcome.answered).toEqual([question.id]);
        expect(outcome.changes.at(-1)?.kind ?? null).toBe(outcome.changes.length > 0 ? 'RemovedAnswer' : null);
      }),
    );
  });

  it("the annual start's carried answers are saved as any save, each logged as carried from last year's reporting year", () => {
    fc.assert(
      fc.property(structures, fc.integer({ min: 2015, max: 2049 }), (structure, year) => {
        const empty: SheetToSave = { row: { state: 'Active', declineCount: 0, adjustments: 0 }, lock: null, answers: [], documents: [] };
        const choices = answerableQuestions(structure).filter((q) => q.type !== 'ValueQuestion' && q.options.length > 0);
        const items = choices.map((q, index) => item(q, { inputAnswer: null, multipleChoiceOption: [q.options[0]!.id!] }, index));
        const carried = saved(decideSave(empty, items, COLLECTOR, NOW, { ...context(structure), carriedFrom: year }));
        const byHand = saved(decideSave(empty, items, COLLECTOR, NOW, context(structure)));
        // The same answers, progress and score as the same answers saved by hand; only the log says where they came from.
        expect(carried.writes).toEqual(byHand.writes);
        expect(carried.figures).toEqual(byHand.figures);
        expect(carried.changes.map((c) => [c.questionId, c.kind, c.oldValue, c.note])).toEqual(
          items.map((i) => [i.questionId, 'CarriedFromPreviousYear', { text: { de: String(year), en: String(year) } }, String(year)]),
        );
        expect(carried.changes.map((c) => c.newValue)).toEqual(byHand.changes.map((c) => c.newValue));
      }),
    );
  });
});

describe('where a figure comes from (issue 40)', () => {
  /** A structure, a questionnaire of it, one of its value questions with a figure, and a provenance. */
  const withFigure = structures
    .filter((s) => answerableQuestions(s).some((q) => q.type === 'ValueQuestion'))
    .chain((structure) =>
      fc.tuple(
        fc.constant(structure),
        activeSheet(structure),
        fc.constantFrom(...answerableQuestions(structure).filter((q) => q.type === 'ValueQuestion')).chain((q) => fc.tuple(fc.constant(q), validValue(q).filter((v) => v.inputAnswer !== null))),
        fc.constantFrom(...PROVENANCES),
      ),
    );
  const withProvenance = (question: Question, value: AnswerValue, provenance: Provenance | undefined, index = 0): SaveItem => ({ ...item(question, value, index), provenance });

  it('a figure stores the provenance sent, keeps its own when none is sent, and is measured when it never had one', () => {
    fc.assert(
      fc.property(withFigure, ([structure, sheet, [question, value], provenance]) => {
        const first = saved(decideSave(sheet, [withProvenance(question, value, provenance)], COLLECTOR, NOW, context(structure)));
        const after = written(sheet, first);
        // (A figure stored without one reads as measured: core provenanceOf.)
        expect(provenanceOf(after.answers.find((a) => a.questionId === question.id)!)).toBe(provenance);
        // The same figure again without a provenance: nothing changes, the provenance stays.
        const again = saved(decideSave(after, [item(question, value)], COLLECTOR, NOW, context(structure)));
        expect(again.changes).toEqual([]);
        expect(again.writes).toEqual([]);
        // A fresh figure without a provenance is measured.
        const fresh = saved(decideSave({ ...sheet, answers: sheet.answers.filter((a) => a.questionId !== question.id) }, [item(question, value)], COLLECTOR, NOW, context(structure)));
        expect(fresh.writes[0]?.value.provenance).toBe('measured');
      }),
    );
  });

  it('a provenance alone changed is one logged change of its own; said again, it changes nothing; the score stays', () => {
    fc.assert(
      fc.property(withFigure, ([structure, sheet, [question, value], provenance]) => {
        const measured = written(sheet, saved(decideSave(sheet, [withProvenance(question, value, 'measured')], COLLECTOR, NOW, context(structure))));
        const changed = saved(decideSave(measured, [withProvenance(question, value, provenance)], COLLECTOR, NOW, context(structure)));
        if (provenance === 'measured') {
          expect(changed.changes).toEqual([]);
          return;
        }
        expect(changed.changes).toHaveLength(1);
        expect(changed.changes[0]).toMatchObject({ kind: 'ModifiedProvenance', oldValue: { provenance: 'measured' }, newValue: { provenance } });
        expect(changed.changes[0]!.newValue!.text.de).toMatch(/ · (geschätzt|berechnet)$/);
        expect(changed.figures?.score).toBe(score(storedAnswers(measured.answers, [])));
        expect(saved(decideSave(written(measured, changed), [withProvenance(question, value, provenance)], COLLECTOR, NOW, context(structure))).changes).toEqual([]);
      }),
    );
  });

  it('a provenance outside the three, or named for a choice, is refused at its path; nothing is written', () => {
    fc.assert(
      fc.property(withOneAnswer, fc.constantFrom('metered', 'MEASURED', 7, ''), ([structure, sheet, [question, value]], wrong) => {
        const unknown = decideSave(sheet, [{ ...item(question, value, 3), provenance: wrong }], COLLECTOR, NOW, context(structure));
        expect(unknown).toEqual(E.left({ kind: 'fields', problems: [{ path: '3.provenance', key: 'answer-provenance-unknown' }] }));
        const named = decideSave(sheet, [withProvenance(question, value, 'estimated', 2)], COLLECTOR, NOW, context(structure));
        if (question.type === 'ValueQuestion') expect(E.isRight(named)).toBe(true);
        else expect(named).toEqual(E.left({ kind: 'fields', problems: [{ path: '2.provenance', key: 'answer-kind-mismatch' }] }));
      }),
    );
  });
});
