// The yearly cycle (issue 22, DOMAIN.md §8): next year's questionnaire from the closed one.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { allQuestions, type Question, type QuestionOption } from '../questionnaires/template.ts';
import { blankQuestion } from '../questionnaires/editing.ts';
import type { AnswerStructure } from './applicability.ts';
import { isCleared } from './answer-rules.ts';
import { ASSET_QUESTIONNAIRE_STATES } from './answers.ts';
import { answerStructure, storedAnswers } from './arbitraries/answering.ts';
import { annualCarry, annualStartProblem, groupAnnualStartProblem, newRunStarts, nextReportingYear } from './annual.ts';
import { ANSWERING_MESSAGES } from './messages.ts';

/** Next year's template: some questions kept by static title (new ids, options reordered), the others gone, one value question added. */
const nextTemplate = (structure: AnswerStructure, keep: (q: Question) => boolean): AnswerStructure => ({
  clusters: structure.clusters.map((cluster, ci) => ({
    ...cluster,
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
const isChoice = (q: Question) => q.type === 'SingleChoice' || q.type === 'MultipleChoice';

describe('starting next year (issue 22)', () => {
  it('starts only after a Closed or Expired questionnaire, else refuses with questionnaire-annual-invalid', () => {
    for (const state of ASSET_QUESTIONNAIRE_STATES) {
      expect(annualStartProblem(state)).toEqual(state === 'Closed' || state === 'Expired' ? E.right(true) : E.left('questionnaire-annual-invalid'));
    }
    expect(annualStartProblem(null)).toEqual(E.left('questionnaire-annual-invalid'));
  });

  it('the refusal has its text in German and English', () => {
    expect(ANSWERING_MESSAGES['questionnaire-annual-invalid'].de).toMatch(/abgeschlossen/);
    expect(ANSWERING_MESSAGES['questionnaire-annual-invalid'].en).toMatch(/closed/);
  });

  it('the reporting year always increases by one', () => {
    fc.assert(fc.property(fc.integer({ min: 1990, max: 2200 }), (year) => {
      expect(nextReportingYear(year)).toBe(year + 1);
    }));
  });

  it("an answer is carried over exactly when its staticTitle exists in the new template and it is a choice answer", () => {
    fc.assert(
      fc.property(withAnswers(), fc.func(fc.boolean()), fc.integer({ min: 2000, max: 2100 }), ([structure, answers], keepFn, year) => {
        const kept = new Set(allQuestions(structure).filter((q) => keepFn(q.staticTitle)).map((q) => q.staticTitle));
        const next = nextTemplate(structure, (q) => kept.has(q.staticTitle));
        const byId = new Map(allQuestions(structure).map((q) => [q.id, q]));
        const { carried } = annualCarry(structure, next, answers, year);
        const expected = answers.filter((a) => !isCleared(a) && kept.has(byId.get(a.questionId)!.staticTitle) && isChoice(byId.get(a.questionId)!)).map((a) => a.questionId);
        expect(carried.map((c) => c.fromQuestionId)).toEqual(expected);
        for (const c of carried) expect(c.fromYear).toBe(year);
      }),
    );
  });

  it("a value answer is never carried; its figure is offered as last year's hint on the same static title", () => {
    fc.assert(
      fc.property(withAnswers(), ([structure, answers]) => {
        const next = nextTemplate(structure, () => true);
        const byId = new Map(allQuestions(structure).map((q) => [q.id, q]));
        const { carried, hints } = annualCarry(structure, next, answers, 2025);
        for (const c of carried) expect(byId.get(c.fromQuestionId)!.type).not.toBe('ValueQuestion');
        const values = answers.filter((a) => byId.get(a.questionId)!.type === 'ValueQuestion' && a.inputAnswer !== null);
        // Each with where it came from (a figure stored without one reads as measured).
        expect(hints).toEqual(values.map((a) => ({ questionId: a.questionId + 5000, inputAnswer: a.inputAnswer, reportingYear: 2025, provenance: a.provenance ?? 'measured' })));
      }),
    );
  });

  it('a carried choice answer chooses the options of the same texts', () => {
    fc.assert(
      fc.property(withAnswers(), ([structure, answers]) => {
        const next = nextTemplate(structure, () => true);
        const oldById = new Map(allQuestions(structure).map((q) => [q.id, q]));
        const newById = new Map(allQuestions(next).map((q) => [q.id, q]));
        for (const c of annualCarry(structure, next, answers, 2025).carried) {
          const before = answers.find((a) => a.questionId === c.fromQuestionId)!;
          const texts = (q: Question, ids: number[]) => ids.map((id) => q.options.find((o) => o.id === id)!.text).sort();
          expect(texts(newById.get(c.questionId)!, c.value.multipleChoiceOption)).toEqual(texts(oldById.get(c.fromQuestionId)!, before.multipleChoiceOption));
        }
      }),
    );
  });
});

describe("a group's next year (issue 22)", () => {
  it('starts only when the group has objects and every one of them is Closed or Expired', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES), { nil: null }), { maxLength: 6 }), (states) => {
        const allowed = states.length > 0 && states.every((s) => s === 'Closed' || s === 'Expired');
        expect(E.isRight(groupAnnualStartProblem(states))).toBe(allowed);
      }),
    );
  });
});

describe('which start of a new questionnaire is the primary action', () => {
  it('the renewal where a questionnaire finished with a label exists, the blank start behind it; the blank start alone where none or a definitely declined one exists; none while one runs', () => {
    const seen = { renewal: 0, blank: 0, none: 0 };
    for (const state of [null, ...ASSET_QUESTIONNAIRE_STATES]) {
      const starts = newRunStarts(state);
      if (state === 'Closed' || state === 'Expired') {
        expect(starts).toEqual({ primary: 'renewal', secondary: 'blank' });
        seen.renewal += 1;
      } else if (state === null || state === 'DefinitelyDeclined') {
        expect(starts).toEqual({ primary: 'blank', secondary: null });
        seen.blank += 1;
      } else {
        expect(starts).toEqual({ primary: null, secondary: null });
        seen.none += 1;
      }
    }
    expect(seen).toEqual({ renewal: 2, blank: 2, none: 5 });
  });
});
