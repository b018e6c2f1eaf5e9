// How far a filled questionnaire is (spec 02 §4 "Progress"): answered of total, reviewed, evaluated, per node and the next open question.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankOption, blankQuestion } from '../questionnaires/editing.ts';
import type { Question } from '../questionnaires/template.ts';
import { answerStructure, storedAnswers } from './arbitraries/answering.ts';
import { answerableQuestions, type AnswerStructure } from './applicability.ts';
import { isCleared } from './answer-rules.ts';
import type { StoredAnswer } from './answers.ts';
import { nextUnanswered, progress, progressByNode } from './progress.ts';

const withAnswers = () => answerStructure().chain((structure) => fc.tuple(fc.constant(structure), storedAnswers(structure)));

describe('progress of a filled questionnaire', () => {
  it('answered never exceeds total, nor reviewed or evaluated the answers there are', () => {
    fc.assert(
      fc.property(withAnswers(), ([structure, answers]) => {
        const p = progress(structure, answers);
        expect(p.answered).toBeLessThanOrEqual(p.total);
        expect(p.reviewed).toBeLessThanOrEqual(answers.length);
        expect(p.evaluated).toBeLessThanOrEqual(answers.length);
        expect(p.reviewRelevantAnswered).toBeLessThanOrEqual(p.reviewRelevant);
        expect(p.reviewRelevant).toBeLessThanOrEqual(p.total);
        expect(p.reviewRelevantAnswered).toBeLessThanOrEqual(p.answered);
      }),
    );
  });

  it('total counts the questions answered by hand, answered those with an answer that is not cleared', () => {
    fc.assert(
      fc.property(withAnswers(), ([structure, answers]) => {
        const p = progress(structure, answers);
        expect(p.total).toBe(answerableQuestions(structure).length);
        expect(p.answered).toBe(answers.filter((a) => !isCleared(a)).length);
      }),
    );
  });

  it('clearing an answer lowers answered by one; answering an open question raises it by one', () => {
    fc.assert(
      fc.property(
        withAnswers().filter(([, answers]) => answers.some((a) => !isCleared(a))),
        fc.nat(),
        ([structure, answers], pick) => {
          const answered = answers.filter((a) => !isCleared(a));
          const target = answered[pick % answered.length]!;
          const cleared = answers.map((a) => (a === target ? { ...a, inputAnswer: null, multipleChoiceOption: [], state: null } : a));
          expect(progress(structure, cleared).answered).toBe(progress(structure, answers).answered - 1);
          expect(progress(structure, answers).answered).toBe(progress(structure, cleared).answered + 1);
        },
      ),
    );
  });

  it('reviewed counts Declined, Verification, ReviewAccepted and EvaluationAccepted; evaluated Declined and EvaluationAccepted', () => {
    fc.assert(
      fc.property(withAnswers(), ([structure, answers]) => {
        const p = progress(structure, answers);
        expect(p.reviewed).toBe(answers.filter((a) => a.state === 'Declined' || a.state === 'Verification' || a.state === 'ReviewAccepted' || a.state === 'EvaluationAccepted').length);
        expect(p.evaluated).toBe(answers.filter((a) => a.state === 'Declined' || a.state === 'EvaluationAccepted').length);
      }),
    );
  });

  it('the clusters add up to the whole, and so do the categories of a cluster', () => {
    fc.assert(
      fc.property(withAnswers(), ([structure, answers]) => {
        const p = progress(structure, answers);
        const nodes = progressByNode(structure, answers);
        const clusters = structure.clusters.map((_, i) => nodes[`cluster:${i + 1}`]!);
        expect(clusters.reduce((s, n) => s + n.total, 0)).toBe(p.total);
        expect(clusters.reduce((s, n) => s + n.answered, 0)).toBe(p.answered);
        structure.clusters.forEach((cluster, i) => {
          const categories = cluster.categories.map((c) => nodes[`category:${c.id}`]!);
          expect(categories.reduce((s, n) => s + n.total, 0)).toBe(nodes[`cluster:${i + 1}`]!.total);
          for (const category of cluster.categories) {
            const sections = category.sections.map((s) => nodes[`section:${s.id}`]!);
            expect(sections.reduce((s, n) => s + n.answered, 0)).toBe(nodes[`category:${category.id}`]!.answered);
          }
        });
      }),
    );
  });

  it('the next open question is unanswered, and there is none exactly when all are answered', () => {
    fc.assert(
      fc.property(withAnswers(), fc.option(fc.integer({ min: 1000, max: 1040 }), { nil: undefined }), ([structure, answers], after) => {
        const next = nextUnanswered(structure, answers, after);
        const p = progress(structure, answers);
        expect(next === null).toBe(p.answered === p.total);
        if (next !== null) {
          const answer = answers.find((a) => a.questionId === next);
          expect(answer === undefined || isCleared(answer)).toBe(true);
        }
      }),
    );
  });
});

describe('progress by example', () => {
  const q = (id: number, fields: Partial<Question> = {}): Question => ({ ...blankQuestion(id, `q${id}`, 'en', id), options: [blankOption(id * 10, 1), blankOption(id * 10 + 1, 2)], ...fields });
  /** Cluster I: category 11 with section 101 (questions 1, 2) and section 102 (question 3, virtual 4); cluster II empty. */
  const structure: AnswerStructure = {
    clusters: [
      {
        id: 1, clusterIdentifier: 'I', weight: 50, financeWeight: 50, isTaxonomyCluster: false,
        categories: [{
          id: 11, order: 1, translations: [],
          sections: [
            { id: 101, order: 1, weight: 1, financeWeight: 1, translations: [], questions: [q(1), q(2, { relevantForReview: false })] },
            { id: 102, order: 2, weight: 1, financeWeight: 1, translations: [], questions: [q(3, { type: 'ValueQuestion', options: [] }), q(4, { type: 'VirtualQuestion', options: [] })] },
          ],
        }],
      },
      { id: 2, clusterIdentifier: 'II', weight: 50, financeWeight: 50, isTaxonomyCluster: false, categories: [] },
    ],
  };
  const answer = (questionId: number, fields: Partial<StoredAnswer> = {}): StoredAnswer => ({
    id: questionId, questionId, inputAnswer: null, multipleChoiceOption: [questionId * 10], state: 'Answered', reviewStatus: 'Unchecked', documentCount: 0, ...fields,
  });

  it('counts the three questions answered by hand, not the virtual one', () => {
    expect(progress(structure, [])).toEqual({ answered: 0, total: 3, reviewed: 0, evaluated: 0, reviewRelevant: 2, reviewRelevantAnswered: 0 });
    expect(
      progress(structure, [answer(1, { state: 'ReviewAccepted' }), answer(2, { state: 'Declined' }), answer(3, { inputAnswer: 0, multipleChoiceOption: [], state: 'Verification' })]),
    ).toEqual({ answered: 3, total: 3, reviewed: 3, evaluated: 1, reviewRelevant: 2, reviewRelevantAnswered: 2 });
  });

  it('a questionnaire the evaluator accepted (Closed, Expired) counts every accepted answer as evaluated; before that only those decided one by one', () => {
    const answers = [answer(1, { state: 'ReviewAccepted' }), answer(2, { state: 'EvaluationAccepted' }), answer(3, { inputAnswer: 0, multipleChoiceOption: [], state: 'Answered' })];
    expect(progress(structure, answers, 'Evaluation')).toMatchObject({ reviewed: 2, evaluated: 1 });
    expect(progress(structure, answers, 'Closed')).toMatchObject({ reviewed: 2, evaluated: 2 });
    expect(progress(structure, answers, 'Expired')).toMatchObject({ reviewed: 2, evaluated: 2 });
  });

  it('a cleared answer does not count, nor an answer to a question outside the structure', () => {
    expect(progress(structure, [answer(1, { multipleChoiceOption: [], state: null }), answer(99)]).answered).toBe(0);
  });

  it('per node: clusters by position, categories and sections by id', () => {
    expect(progressByNode(structure, [answer(1)])).toEqual({
      'section:101': { answered: 1, total: 2 },
      'section:102': { answered: 0, total: 1 },
      'category:11': { answered: 1, total: 3 },
      'cluster:1': { answered: 1, total: 3 },
      'cluster:2': { answered: 0, total: 0 },
    });
  });

  it('the next open question follows the given one and starts again from the top', () => {
    expect(nextUnanswered(structure, [])).toBe(1);
    expect(nextUnanswered(structure, [], 1)).toBe(2);
    expect(nextUnanswered(structure, [answer(2)], 1)).toBe(3);
    expect(nextUnanswered(structure, [answer(2)], 3)).toBe(1);
    expect(nextUnanswered(structure, [answer(1), answer(2)], 3)).toBe(3);
    expect(nextUnanswered(structure, [answer(1), answer(2), answer(3, { inputAnswer: 5, multipleChoiceOption: [] })])).toBeNull();
  });
});
