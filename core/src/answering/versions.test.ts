// Which template an object gets (DOMAIN.md §9) and "update to active version" (DOMAIN.md §8, spec 02 §4): answers carried over by static title.
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { blankQuestion } from '../questionnaires/editing.ts';
import { allQuestions, OBJECT_CATEGORIES, type Question, type QuestionOption } from '../questionnaires/template.ts';
import { answerStructure, storedAnswers } from './arbitraries/answering.ts';
import type { AnswerStructure } from './applicability.ts';
import { checkAnswer, isCleared } from './answer-rules.ts';
import { ASSET_QUESTIONNAIRE_STATES, type AnswerValue } from './answers.ts';
import { carryOver, groupUpdateToActiveProblem, pickTemplate, updateToActiveProblem, type ActiveTemplateIds, type GroupObjectVersion } from './versions.ts';

describe('which template a new questionnaire takes (DOMAIN.md §9)', () => {
  const all: ActiveTemplateIds = { Ecore: 1, Finance: 2, StockAndClimateProtection: 3 };
  it.each<[string, ActiveTemplateIds, boolean, number | null]>([
    ['the active template of the object\'s category', all, false, 3],
    ['the Ecore template where the category has none', { Ecore: 1, Finance: 2 }, false, 1],
    ['a buyer asset: the Finance template first', all, true, 2],
    ['a buyer asset without a Finance template: the category\'s', { Ecore: 1, StockAndClimateProtection: 3 }, true, 3],
    ['a buyer asset with neither: Ecore', { Ecore: 1 }, true, 1],
    ['nothing active: none', {}, false, null],
    ['only Finance active, for an owner\'s object: none', { Finance: 2 }, false, null],
  ])('%s', (_, active, buyer, expected) => {
    expect(pickTemplate('StockAndClimateProtection', buyer, active)).toBe(expected);
  });

  it('always picks an active template of the category, Finance (buyers) or Ecore, and one whenever Ecore is active', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OBJECT_CATEGORIES),
        fc.boolean(),
        fc.dictionary(fc.constantFrom('Ecore', 'Finance', ...OBJECT_CATEGORIES), fc.integer({ min: 1, max: 99 })) as fc.Arbitrary<ActiveTemplateIds>,
        (category, buyer, active) => {
          const picked = pickTemplate(category, buyer, active);
          const allowed = [active[category], active.Ecore, ...(buyer ? [active.Finance] : [])];
          if (picked !== null) expect(allowed).toContain(picked);
          if (active.Ecore !== undefined) expect(picked).not.toBeNull();
        },
      ),
    );
  });
});

/** The next version of a structure: some questions kept (new ids, options in reverse order, new option ids), the others gone, one question added. */
const nextVersion = (structure: AnswerStructure, keep: (q: Question) => boolean): AnswerStructure => ({
  clusters: structure.clusters.map((cluster, ci) => ({
    ...cluster,
    id: cluster.id! + 100,
    categories: cluster.categories.map((category) => ({
      ...category,
      sections: category.sections.map((section, si) => ({
        ...section,
        questions: [
          ...section.questions.filter(keep).map((q) => ({
            ...q,
            id: q.id! + 5000,
            options: [...q.options].reverse().map((o, i): QuestionOption => ({ ...o, id: o.id! + 500_000, order: i + 1 })),
          })),
          { ...blankQuestion(9000 + ci * 100 + si, `new-${ci}-${si}`, 'en', 99), type: 'ValueQuestion' as const },
        ],
      })),
    })),
  })),
});

const withAnswers = () => answerStructure().chain((structure) => fc.tuple(fc.constant(structure), storedAnswers(structure)));
const optionTexts = (q: Question, value: AnswerValue) => value.multipleChoiceOption.map((id) => q.options.find((o) => o.id === id)!.text).sort();

describe('carrying answers over to the active version (DOMAIN.md §8)', () => {
  it('an answer survives exactly when its question\'s static title exists in the new version', () => {
    fc.assert(
      fc.property(withAnswers(), fc.func(fc.boolean()), ([structure, answers], keepFn) => {
        const kept = new Set(allQuestions(structure).filter((q) => keepFn(q.staticTitle)).map((q) => q.staticTitle));
        const next = nextVersion(structure, (q) => kept.has(q.staticTitle));
        const result = carryOver(structure, next, answers);
        const titleOf = (id: number) => allQuestions(structure).find((q) => q.id === id)!.staticTitle;
        const expected = answers.filter((a) => !isCleared(a) && kept.has(titleOf(a.questionId))).map((a) => a.questionId);
        expect(result.kept.map((k) => k.fromQuestionId)).toEqual(expected);
        expect(result.dropped).toEqual(answers.filter((a) => !isCleared(a) && !kept.has(titleOf(a.questionId))).map((a) => a.questionId));
      }),
    );
  });

  it('a carried answer says the same in the new version: the same figure, the options of the same texts', () => {
    fc.assert(
      fc.property(withAnswers(), ([structure, answers]) => {
        const next = nextVersion(structure, () => true);
        const oldById = new Map(allQuestions(structure).map((q) => [q.id, q]));
        const newById = new Map(allQuestions(next).map((q) => [q.id, q]));
        for (const k of carryOver(structure, next, answers).kept) {
          const before = answers.find((a) => a.questionId === k.fromQuestionId)!;
          expect(k.questionId).toBe(k.fromQuestionId + 5000);
          expect(k.value.inputAnswer).toBe(before.inputAnswer);
          expect(optionTexts(newById.get(k.questionId)!, k.value)).toEqual(optionTexts(oldById.get(k.fromQuestionId)!, before));
        }
      }),
    );
  });

  it('between any two versions: every answer is kept or dropped, and what is kept has its static title and passes the answer rules there', () => {
    fc.assert(
      fc.property(withAnswers(), answerStructure(), ([structure, answers], other) => {
        const result = carryOver(structure, other, answers);
        expect(result.kept.length + result.dropped.length).toBe(answers.filter((a) => !isCleared(a)).length);
        for (const k of result.kept) {
          const target = allQuestions(other).find((q) => q.id === k.questionId)!;
          const source = allQuestions(structure).find((q) => q.id === k.fromQuestionId)!;
          expect(target.staticTitle).toBe(source.staticTitle);
          expect(checkAnswer(target, k.value)).toEqual(E.right(k.value));
        }
      }),
    );
  });

  const choice = (id: number, title: string, texts: string[], type: Question['type'] = 'SingleChoice'): Question => ({
    ...blankQuestion(id, title, 'en', id),
    type,
    options: texts.map((text, i) => ({ id: id * 10 + i, text, score: i, order: i + 1, isExclusive: false, translations: [] })),
  });
  const tree = (...questions: Question[]): AnswerStructure => ({
    clusters: [{ id: 1, clusterIdentifier: 'I', weight: 100, financeWeight: 100, isTaxonomyCluster: false, categories: [{ id: 2, order: 1, translations: [], sections: [{ id: 3, order: 1, weight: 1, financeWeight: 1, translations: [], questions }] }] }],
  });
  const one = (questionId: number, option: number) => [{ questionId, inputAnswer: null, multipleChoiceOption: [option] }];

  it.each<[string, AnswerStructure, AnswerStructure, { questionId: number; inputAnswer: number | null; multipleChoiceOption: number[] }[], number[] | null]>([
    ['options found by text though their order changed', tree(choice(1, 'policy', ['Ja', 'Nein'])), tree(choice(5, 'policy', ['Nein', 'Ja'])), one(1, 10), [51]],
    ['options renamed: found by order', tree(choice(1, 'policy', ['Ja', 'Nein'])), tree(choice(5, 'policy', ['Yes', 'No'])), one(1, 11), [51]],
    ['an option whose text is gone and whose place another old option took: dropped', tree(choice(1, 'policy', ['A', 'B'])), tree(choice(5, 'policy', ['B', 'C'])), one(1, 10), null],
    ['an option whose place is gone: dropped', tree(choice(1, 'policy', ['A', 'B', 'C'])), tree(choice(5, 'policy', ['X', 'Y'])), one(1, 12), null],
    ['a single choice turned multiple choice: kept', tree(choice(1, 'policy', ['A', 'B'])), tree(choice(5, 'policy', ['A', 'B'], 'MultipleChoice')), one(1, 11), [51]],
    ['a question now virtual: dropped', tree(choice(1, 'policy', ['A', 'B'])), tree({ ...choice(5, 'policy', []), type: 'VirtualQuestion' }), one(1, 10), null],
    ['a question gone: dropped', tree(choice(1, 'policy', ['A', 'B'])), tree(choice(5, 'other', ['A', 'B'])), one(1, 10), null],
    [
      'a figure above the maximum of a new KPI key: dropped',
      tree({ ...blankQuestion(1, 'usage', 'en', 1), type: 'ValueQuestion' }),
      tree({ ...blankQuestion(5, 'usage', 'en', 1), type: 'ValueQuestion', kpiKey: 'water' }),
      [{ questionId: 1, inputAnswer: 500, multipleChoiceOption: [] }],
      null,
    ],
    [
      'a figure within it: kept',
      tree({ ...blankQuestion(1, 'usage', 'en', 1), type: 'ValueQuestion' }),
      tree({ ...blankQuestion(5, 'usage', 'en', 1), type: 'ValueQuestion', kpiKey: 'water' }),
      [{ questionId: 1, inputAnswer: 0.8, multipleChoiceOption: [] }],
      [],
    ],
  ])('%s', (_, from, to, answers, expectedOptions) => {
    const result = carryOver(from, to, answers);
    if (expectedOptions === null) {
      expect(result).toEqual({ kept: [], dropped: [1] });
    } else {
      expect(result.dropped).toEqual([]);
      expect(result.kept).toHaveLength(1);
      expect(result.kept[0]!).toMatchObject({ questionId: 5, fromQuestionId: 1 });
      expect(result.kept[0]!.value.multipleChoiceOption).toEqual(expectedOptions);
    }
  });

  it('a cleared answer is neither kept nor dropped', () => {
    const q = choice(1, 'policy', ['A', 'B']);
    expect(carryOver(tree(q), tree(choice(5, 'policy', ['A', 'B'])), [{ questionId: 1, inputAnswer: null, multipleChoiceOption: [] }])).toEqual({ kept: [], dropped: [] });
  });
});

describe('update to active version', () => {
  it.each<[string, 'Active' | 'Review' | 'Closed', number, number | null, string | number]>([
    ['an Active questionnaire on an archived template', 'Active', 4, 7, 7],
    ['an Active questionnaire already on the active template', 'Active', 7, 7, 'questionnaire-update-to-active-current'],
    ['no active template to move to', 'Active', 4, null, 'questionnaire-update-to-active-current'],
    ['a questionnaire in Review', 'Review', 4, 7, 'questionnaire-update-to-active-not-active'],
    ['a closed questionnaire', 'Closed', 4, 7, 'questionnaire-update-to-active-not-active'],
  ])('%s', (_, state, questionnaireId, target, expected) => {
    const result = updateToActiveProblem({ state, questionnaireId }, target);
    expect(E.isRight(result) ? result.right : result.left).toBe(expected);
  });

  const row = (assetId: number, questionnaireId: number, state: GroupObjectVersion['state'] = 'Active', targetTemplateId: number | null = 7): GroupObjectVersion => ({ assetId, state, questionnaireId, targetTemplateId });
  it.each<[string, GroupObjectVersion[], string | number[]]>([
    ['all active objects on the same old version', [row(1, 4), row(2, 4)], [1, 2]],
    ['some on the old, some on the active version', [row(1, 4), row(2, 7), row(3, 4)], [1, 3]],
    ['objects in review are left alone, whatever their version', [row(1, 4), row(2, 3, 'Review')], [1]],
    ['two different old versions', [row(1, 4), row(2, 5)], 'questionnaire-update-to-active-invalid'],
    ['three versions among the active objects', [row(1, 4), row(2, 7), row(3, 8, 'Active', 8)], 'questionnaire-update-to-active-invalid'],
    ['all on the active version: nothing to do', [row(1, 7), row(2, 7)], 'questionnaire-update-to-active-invalid'],
    ['no active object', [row(1, 4, 'Review')], 'questionnaire-update-to-active-invalid'],
    ['no active template to move to', [row(1, 4, 'Active', null)], 'questionnaire-update-to-active-invalid'],
  ])('for a group: %s', (_, rows, expected) => {
    const result = groupUpdateToActiveProblem(rows);
    expect(E.isRight(result) ? result.right.assetIds : result.left).toEqual(expected);
  });

  it('a group update moves only Active objects, all from one non-active version, with at most two versions among the active objects', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            assetId: fc.integer({ min: 1, max: 50 }),
            state: fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES),
            questionnaireId: fc.integer({ min: 1, max: 4 }),
            targetTemplateId: fc.option(fc.integer({ min: 3, max: 4 }), { nil: null }),
          }),
          { maxLength: 6 },
        ),
        (rows) => {
          const result = groupUpdateToActiveProblem(rows);
          if (E.isLeft(result)) return;
          const active = rows.filter((r) => r.state === 'Active');
          expect(new Set(active.map((r) => r.questionnaireId)).size).toBeLessThanOrEqual(2);
          const moved = rows.filter((r) => result.right.assetIds.includes(r.assetId) && r.state === 'Active' && r.questionnaireId !== r.targetTemplateId);
          expect(moved.length).toBeGreaterThan(0);
          for (const r of moved) expect(r.questionnaireId).toBe(result.right.fromTemplateId);
          for (const r of active) if (r.questionnaireId !== r.targetTemplateId) expect(r.questionnaireId).toBe(result.right.fromTemplateId);
        },
      ),
    );
  });
});
