// Submitting with the evidence library (docs/evidence.md): a document expired on the questionnaire's reporting date
// does not count as evidence for an answer asked for one; submitting names it (code 11).
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { answerStructure } from './arbitraries/answering.ts';
import { answerableQuestions } from './applicability.ts';
import { countsAsEvidence, reportingDateOf, withExpiredEvidence } from './evidence.ts';
import { expiredEvidenceOf, submitProblem } from './submission.ts';

const day = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
const validity = fc.record({ title: fc.string({ minLength: 1, maxLength: 8 }), validFrom: fc.option(day, { nil: null }), validUntil: fc.option(day, { nil: null }) });

/** A questionnaire answered in full, some answers asked for documents, each with library documents of any validity. */
const sheet = () =>
  answerStructure(['SingleChoice', 'ValueQuestion']).chain((structure) => {
    const questions = answerableQuestions(structure);
    return fc.record({
      structure: fc.constant(structure),
      answers: fc.tuple(...questions.map(() => fc.record({ state: fc.constantFrom('Verification' as const, 'Answered' as const), documents: fc.array(validity, { maxLength: 3 }) }))),
      reportingYear: fc.integer({ min: 2020, max: 2030 }),
    }).map(({ answers, ...rest }) => ({
      ...rest,
      answers: questions.map((q, i) => ({
        id: i + 1, questionId: q.id!, inputAnswer: q.type === 'ValueQuestion' ? 1 : null, multipleChoiceOption: q.type === 'ValueQuestion' ? [] : [q.options[0]!.id!],
        state: answers[i]!.state, documentCount: answers[i]!.documents.length,
      })),
      documents: new Map(questions.map((_, i) => [i + 1, answers[i]!.documents])),
    }));
  });

describe('submitting with documents of the library', () => {
  it('counts exactly the documents valid on the reporting date; an answer asked for evidence with only expired ones is refused with code 11 naming them', () => {
    fc.assert(
      fc.property(sheet(), ({ structure, answers, documents, reportingYear }) => {
        const date = reportingDateOf(reportingYear);
        const facts = { mayAct: true, state: 'Verification' as const, structure, answers: withExpiredEvidence(answers, documents, date) };
        const valid = (id: number) => documents.get(id)!.filter((d) => countsAsEvidence(d, date)).length;
        const lacking = answers.filter((a) => a.state === 'Verification' && valid(a.id) === 0);
        const expected = lacking.some((a) => a.documentCount === 0) ? 4 : lacking.length > 0 ? 11 : 'Review';
        const result = submitProblem(facts);
        expect(E.isRight(result) ? result.right : result.left).toBe(expected);
        const named = lacking.filter((a) => a.documentCount > 0).flatMap((a) => documents.get(a.id)!.filter((d) => !countsAsEvidence(d, date)).map((d) => d.title));
        expect(expiredEvidenceOf(facts)).toEqual(named);
      }),
    );
  });

  it('names the contract that ended before the reporting date, and lets a valid one through', () => {
    const answer = { id: 1, questionId: 1, inputAnswer: 5, multipleChoiceOption: [], state: 'Verification' as const, documentCount: 1 };
    const ended = withExpiredEvidence([answer], new Map([[1, [{ title: 'Wartungsvertrag 2024', validFrom: '2024-01-01', validUntil: '2024-12-30' }]]]), reportingDateOf(2024));
    expect(ended[0]!.expiredEvidence).toEqual(['Wartungsvertrag 2024']);
    const lasting = withExpiredEvidence([answer], new Map([[1, [{ title: 'Wartungsvertrag 2024', validFrom: '2024-01-01', validUntil: '2024-12-31' }]]]), reportingDateOf(2024));
    expect(lasting[0]!.expiredEvidence).toEqual([]);
  });
});
