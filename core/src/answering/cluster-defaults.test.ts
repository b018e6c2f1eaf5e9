// Cluster I answers saved for a group and taken over into an object (spec 02 §4 "Cluster I defaults").
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { blankQuestion } from '../questionnaires/editing.ts';
import type { Question } from '../questionnaires/template.ts';
import { answerStructure, storedAnswers } from './arbitraries/answering.ts';
import type { AnswerStructure } from './applicability.ts';
import { checkAnswer, isCleared } from './answer-rules.ts';
import { clusterOneQuestions, defaultsOf, fillFromDefaults } from './cluster-defaults.ts';

const withAnswers = () => answerStructure().chain((structure) => fc.tuple(fc.constant(structure), storedAnswers(structure)));

describe('cluster I defaults of a group', () => {
  it('cluster I is the first cluster, and only its questions answered by hand count', () => {
    fc.assert(
      fc.property(answerStructure(), (structure) => {
        const first = structure.clusters[0]!.categories.flatMap((c) => c.sections.flatMap((s) => s.questions));
        expect(clusterOneQuestions(structure)).toEqual(first.filter((q) => q.type !== 'VirtualQuestion'));
      }),
    );
  });

  it('taking the defaults over into the same version gives back the cluster I answers they were saved from', () => {
    fc.assert(
      fc.property(withAnswers(), ([structure, answers]) => {
        const filled = fillFromDefaults(structure, defaultsOf(structure, answers));
        expect(filled.map((f) => f.questionId)).toEqual(clusterOneQuestions(structure).map((q) => q.id));
        for (const { questionId, value } of filled) {
          const before = answers.find((a) => a.questionId === questionId);
          if (!before || isCleared(before)) expect(isCleared(value)).toBe(true);
          else expect(value).toEqual({ inputAnswer: before.inputAnswer, multipleChoiceOption: before.multipleChoiceOption });
        }
      }),
    );
  });

  it('takes over into any structure only answers its questions accept, and clears the rest of cluster I', () => {
    fc.assert(
      fc.property(withAnswers(), answerStructure(), ([structure, answers], other) => {
        const filled = fillFromDefaults(other, defaultsOf(structure, answers));
        expect(filled).toHaveLength(clusterOneQuestions(other).length);
        for (const { questionId, value } of filled) {
          const q = clusterOneQuestions(other).find((x) => x.id === questionId)!;
          expect(checkAnswer(q, value)).toEqual(E.right(value));
        }
      }),
    );
  });

  const choice = (id: number, title: string, texts: string[]): Question => ({
    ...blankQuestion(id, title, 'en', id),
    options: texts.map((text, i) => ({ id: id * 10 + i, text, score: i, order: i + 1, isExclusive: false, translations: [] })),
  });
  const tree = (clusterOne: Question[], clusterTwo: Question[] = []): AnswerStructure => ({
    clusters: [clusterOne, clusterTwo].map((questions, i) => ({
      id: i + 1, clusterIdentifier: ['I', 'II'][i]!, weight: 50, financeWeight: 50, isTaxonomyCluster: false,
      categories: [{ id: 10 + i, order: 1, translations: [], sections: [{ id: 20 + i, order: 1, weight: 1, financeWeight: 1, translations: [], questions }] }],
    })),
  });

  it('saves answered cluster I questions by static title with their options\' texts; other clusters stay out', () => {
    const structure = tree([choice(1, 'esg-strategy', ['Ja', 'Nein']), { ...blankQuestion(2, 'employees', 'en', 2), type: 'ValueQuestion' }, choice(3, 'policy', ['Ja', 'Nein'])], [choice(4, 'roof', ['Ja', 'Nein'])]);
    const answers = [
      { questionId: 1, inputAnswer: null, multipleChoiceOption: [11] },
      { questionId: 2, inputAnswer: 40, multipleChoiceOption: [] },
      { questionId: 3, inputAnswer: null, multipleChoiceOption: [] },
      { questionId: 4, inputAnswer: null, multipleChoiceOption: [40] },
    ];
    expect(defaultsOf(structure, answers)).toEqual([
      { staticTitle: 'esg-strategy', inputAnswer: null, options: [{ text: 'Nein', order: 2 }] },
      { staticTitle: 'employees', inputAnswer: 40, options: [] },
    ]);
  });

  it('overwrites the cluster I answers of an object on another version, option by text, and clears those without a default', () => {
    const target = tree([choice(5, 'esg-strategy', ['Nein', 'Ja']), choice(6, 'policy', ['Ja', 'Nein'])]);
    expect(fillFromDefaults(target, [{ staticTitle: 'esg-strategy', inputAnswer: null, options: [{ text: 'Nein', order: 2 }] }, { staticTitle: 'employees', inputAnswer: 40, options: [] }])).toEqual([
      { questionId: 5, value: { inputAnswer: null, multipleChoiceOption: [50] } },
      { questionId: 6, value: { inputAnswer: null, multipleChoiceOption: [] } },
    ]);
  });
});
