import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allQuestions } from '../questionnaires/template.ts';
import { filledQuestionnaireTable } from './answer-export.ts';
import { answerStructure, validValue } from './arbitraries/answering.ts';
import type { StoredAnswer } from './answers.ts';
import { PROVENANCES } from './provenance.ts';

describe('the filled questionnaire export', () => {
  it('says where each figure comes from in the language of the file; a choice and an unanswered question say nothing', () => {
    fc.assert(
      fc.property(
        answerStructure(['ValueQuestion', 'SingleChoice']).filter((s) => allQuestions(s).length > 0),
        fc.constantFrom(...PROVENANCES),
        fc.constantFrom('de' as const, 'en' as const),
        fc.nat(),
        (structure, provenance, language, seed) => {
          const questions = allQuestions(structure);
          const question = questions[seed % questions.length]!;
          const value = fc.sample(validValue(question), { numRuns: 1, seed })[0]!;
          const answer: StoredAnswer = { id: 1, questionId: question.id!, ...value, state: 'Answered', reviewStatus: 'Unchecked', documentCount: 0, provenance: question.type === 'ValueQuestion' ? provenance : null };
          const table = filledQuestionnaireTable(structure, [answer], [], language);
          const column = table.columns.findIndex((c) => c.key === 'provenance');
          expect(table.columns[column]!.header).toBe(language === 'de' ? 'Herkunft' : 'Provenance');
          for (const row of table.rows) {
            const expected =
              row[3] === question.staticTitle && question.type === 'ValueQuestion' && value.inputAnswer !== null
                ? { measured: { de: 'gemessen', en: 'measured' }, estimated: { de: 'geschätzt', en: 'estimated' }, calculated: { de: 'berechnet', en: 'calculated' } }[provenance][language]
                : '';
            expect(row[column]).toBe(expected);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
