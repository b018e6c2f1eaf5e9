import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { answerStructure, anyInput, storedAnswers, validValue } from '../answering/arbitraries/answering.ts';
import { checkAnswer, isAnswerable } from '../answering/answer-rules.ts';
import { ANSWER_STATES, ASSET_QUESTIONNAIRE_STATES } from '../answering/answers.ts';
import { allQuestions, type Question } from '../questionnaires/template.ts';
import { message } from '../shared/messages.ts';
import { mapHeader, type Cell } from './import-table.ts';
import {
  answerColumns,
  answerTemplateHeader,
  answerTemplateQuestions,
  NOT_APPLICABLE_MARK,
  planAnswerImport,
  readAnswerCell,
  writeAnswerCell,
  writeAnswerRow,
  type AnswerImportObject,
} from './answer-import.ts';

const object = (structure: AnswerImportObject['structure'], questionnaire: AnswerImportObject['questionnaire'], extra: Partial<AnswerImportObject> = {}): AnswerImportObject => ({
  id: 7,
  externalId: 'K-7',
  reachable: true,
  structure,
  questionnaire,
  ...extra,
});

/** Plans one file (header + rows) against the objects, as the route does. */
const plan = (header: string[], rows: Cell[][], objects: AnswerImportObject[], universe: Question[], language: 'de' | 'en' = 'de') => {
  const mapped = mapHeader(header, answerColumns(universe).columnOf);
  if (E.isLeft(mapped)) throw new Error(mapped.left.key);
  return planAnswerImport(
    rows.map((cells, i) => ({ row: i + 1, cells })),
    mapped.right,
    header,
    { language, byId: new Map(objects.map((o) => [o.id, o])), byExternalId: new Map(objects.flatMap((o) => (o.externalId ? [[o.externalId, o]] : []))) },
  );
};

describe('answer cells (issue 20)', () => {
  it('a value accepted by a save by hand, written into a cell, is read back as the same answer in both languages', () => {
    fc.assert(
      fc.property(
        answerStructure(['SingleChoice', 'MultipleChoice', 'ValueQuestion']).filter((s) => allQuestions(s).length > 0),
        fc.constantFrom('de' as const, 'en' as const),
        fc.nat(),
        (structure, language, pick) => {
          const questions = allQuestions(structure);
          const question = questions[pick % questions.length]!;
          fc.assert(
            fc.property(validValue(question), (value) => {
              const cell = writeAnswerCell(question, value, language);
              // Numbers travel as the CSV writes them: in the file's language.
              const asText = typeof cell === 'number' ? (language === 'de' ? String(cell).replace('.', ',') : String(cell)) : cell;
              for (const written of [cell, asText]) {
                const read = readAnswerCell(question, written, language);
                if (E.isLeft(read) || read.right === null) throw new Error(`not read: ${String(written)}`);
                const checked = checkAnswer(question, read.right);
                expect(checked).toEqual(E.right(value));
              }
            }),
            { numRuns: 10 },
          );
        },
      ),
      { numRuns: 30 },
    );
  });

  it('the import accepts a choice exactly when a save by hand with the same options does', () => {
    fc.assert(
      fc.property(answerStructure(['SingleChoice', 'MultipleChoice']).filter((s) => allQuestions(s).length > 0), fc.nat(), (structure, pick) => {
        const question = allQuestions(structure)[pick % allQuestions(structure).length]!;
        fc.assert(
          fc.property(anyInput(question), (input) => {
            const ids = Array.isArray(input.multipleChoiceOption) ? input.multipleChoiceOption : [];
            const known = ids.filter((id) => question.options.some((o) => o.id === id));
            if (known.length !== ids.length || ids.length === 0) return;
            const byHand = checkAnswer(question, { multipleChoiceOption: ids });
            const cell = ids.map((id) => question.options.find((o) => o.id === id)!.text).join(';');
            const read = readAnswerCell(question, cell, 'en');
            const imported = E.isRight(read) && read.right ? checkAnswer(question, read.right) : E.left({ key: 'unread' });
            expect(E.isRight(imported)).toBe(E.isRight(byHand));
            if (E.isRight(imported) && E.isRight(byHand)) expect(imported.right).toEqual(byHand.right);
          }),
          { numRuns: 20 },
        );
      }),
      { numRuns: 30 },
    );
  });

  it('reads options by text in either language or by number, numbers in the file language, and flags text, formulas and long cells', () => {
    const q = { id: 1, staticTitle: 'S1', type: 'SingleChoice', options: [
      { id: 11, text: 'Ja', order: 1, isExclusive: false, score: 1, translations: [{ language: 'de', text: 'Ja' }, { language: 'en', text: 'Yes' }] },
      { id: 12, text: 'Nein', order: 2, isExclusive: false, score: 0, translations: [{ language: 'de', text: 'Nein' }, { language: 'en', text: 'No' }] },
    ], translations: [], kpiKey: null } as unknown as Question;
    expect(readAnswerCell(q, 'yes', 'de')).toEqual(E.right({ multipleChoiceOption: [11] }));
    expect(readAnswerCell(q, '2', 'de')).toEqual(E.right({ multipleChoiceOption: [12] }));
    expect(readAnswerCell(q, NOT_APPLICABLE_MARK, 'de')).toEqual(E.right(null));
    expect(readAnswerCell(q, '  ', 'de')).toEqual(E.right(null));
    expect(readAnswerCell(q, 'Vielleicht', 'de')).toEqual(E.left({ key: 'import-unknown-option', params: { value: 'Vielleicht', options: 'Ja, Nein' } }));
    const v = { ...q, type: 'ValueQuestion', options: [] } as Question;
    expect(readAnswerCell(v, '1.250,5', 'de')).toEqual(E.right({ inputAnswer: 1250.5 }));
    expect(readAnswerCell(v, '1,250.5', 'en')).toEqual(E.right({ inputAnswer: 1250.5 }));
    expect(readAnswerCell(v, 'viel', 'de')).toEqual(E.left({ key: 'import-not-a-number', params: { value: 'viel' } }));
    expect(readAnswerCell(v, '=SUM(A1:A3)', 'de')).toEqual(E.left({ key: 'import-formula-text' }));
    expect(readAnswerCell(v, 'x'.repeat(10_001), 'de')).toMatchObject(E.left({ key: 'import-cell-too-long' }));
    expect(checkAnswer({ ...v, type: 'VirtualQuestion' }, E.getOrElseW(() => null)(readAnswerCell({ ...v, type: 'VirtualQuestion' }, '3', 'de'))!)).toMatchObject(E.left({ key: 'answer-virtual' }));
    expect(message('import-answer-not-applicable', 'de')).toMatch(/leer/);
  });
});

describe('planning an answer file', () => {
  const universeOf = (s: Parameters<typeof answerTemplateQuestions>[0][number]) => (s ? allQuestions(s) : []);

  it('re-importing the prefilled template changes nothing, in any column order, whatever the state and locks', () => {
    fc.assert(
      fc.property(
        answerStructure().chain((s) => fc.tuple(fc.constant(s), storedAnswers(s))),
        fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES),
        fc.option(fc.constant('Carla Collector'), { nil: null }),
        fc.constantFrom('de' as const, 'en' as const),
        fc.infiniteStream(fc.nat()),
        ([structure, answers], state, lockHolder, language, random) => {
          const universe = universeOf(structure);
          const questions = answerTemplateQuestions([structure]);
          const target = object(structure, { state, lockHolder, answers });
          const header = answerTemplateHeader(questions, universe, language);
          const { cells } = writeAnswerRow({ id: 7, externalId: 'K-7', name: 'Domblick', structure, answers }, questions, language);
          const planned = plan(header, [cells], [target], universe, language);
          expect(planned).toEqual([{ row: 1, status: 'unchanged', assetId: 7, start: false, changes: [], problems: [] }]);
          // Any permutation of the columns reads the same.
          const order = header.map((_, i) => i);
          for (let i = order.length - 1; i > 0; i--) {
            const j = random.next().value % (i + 1);
            [order[i], order[j]] = [order[j]!, order[i]!];
          }
          expect(plan(order.map((i) => header[i]!), [order.map((i) => cells[i]!)], [target], universe, language)).toEqual(planned);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a changed answer is taken exactly where a save by hand may change it; the lock names its holder', () => {
    fc.assert(
      fc.property(
        answerStructure(['ValueQuestion']).filter((s) => allQuestions(s).length > 0),
        fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES),
        fc.option(fc.constantFrom(...ANSWER_STATES), { nil: null }),
        fc.boolean(),
        (structure, state, answerState, locked) => {
          const question = allQuestions(structure)[0]!;
          const answers = answerState === null ? [] : [{ questionId: question.id!, inputAnswer: 1, multipleChoiceOption: [], state: answerState }];
          const target = object(structure, { state, lockHolder: locked ? 'Carla Collector' : null, answers });
          const [planned] = plan(['id', question.staticTitle], [[7, '2,5']], [target], allQuestions(structure));
          const keys = planned!.problems.map((p) => p.key);
          expect(keys.includes('answer-not-answerable')).toBe(!isAnswerable(state, answerState));
          expect(keys.includes('questionnaire-locked')).toBe(locked && isAnswerable(state, answerState));
          if (keys.length === 0) expect(planned).toMatchObject({ status: 'updated', changes: [{ questionId: question.id, value: { inputAnswer: 2.5, multipleChoiceOption: [] } }] });
        },
      ),
      { numRuns: 80 },
    );
  });

  it('starts the questionnaire of an object without one, refuses other objects, duplicates and answers to questions that do not apply', () => {
    const structure = { clusters: [{ id: 1, clusterIdentifier: 'I', weight: 1, financeWeight: 1, isTaxonomyCluster: false, categories: [{ id: 2, translations: [], order: 0, sections: [{ id: 3, translations: [], weight: 1, financeWeight: 1, order: 0, questions: [
      { id: 10, staticTitle: 'E1', type: 'ValueQuestion', kpiKey: 'finalEnergyTotal', options: [], translations: [{ language: 'de', title: 'Endenergie' }, { language: 'en', title: 'Final energy' }] } as unknown as Question,
    ] }] }] }] };
    const other = { ...allQuestions(structure)[0]!, id: 20, staticTitle: 'W1', kpiKey: 'water', translations: [{ language: 'de', title: 'Wasser' }, { language: 'en', title: 'Water' }] } as Question;
    const universe = [...allQuestions(structure), other];
    const fresh = object(structure, null);
    const hidden = object(structure, null, { id: 8, externalId: null, reachable: false });
    const header = ['Objekt-ID', 'Externe ID', 'Objektname', 'Endenergie (kWh/m²/a)', 'Water (m³/m²/a)'];
    const rows = plan(header, [[7, null, 'Domblick', '120', NOT_APPLICABLE_MARK], [8, null, 'Fremd', '1', null], [null, 'K-7', 'Domblick', null, '3']], [fresh, hidden], universe);
    expect(rows[0]).toEqual({ row: 1, status: 'created', assetId: 7, start: true, changes: [{ questionId: 10, value: { inputAnswer: 120, multipleChoiceOption: [] } }], problems: [] });
    expect(rows[1]).toMatchObject({ status: 'failed', problems: [{ column: 'Objekt-ID', key: 'import-object-not-found' }] });
    expect(rows[2]!.problems.map((p) => [p.column, p.key])).toEqual([
      ['Objekt-ID', 'import-duplicate-id'],
      ['Water (m³/m²/a)', 'import-answer-not-applicable'],
    ]);
  });
});

describe('where the figures come from, in the answer import (issue 40)', () => {
  const withFigure = answerStructure(['ValueQuestion', 'SingleChoice']).filter((s) => allQuestions(s).some((q) => q.type === 'ValueQuestion') && allQuestions(s).some((q) => q.type === 'SingleChoice'));

  it('the provenance column, in either language, goes with the row’s figures, never with its choices; a figure that stays changes only its provenance', () => {
    fc.assert(
      fc.property(withFigure, fc.constantFrom(['geschätzt', 'estimated'] as const, ['berechnet', 'calculated'] as const), (structure, names) => {
        const value = allQuestions(structure).find((q) => q.type === 'ValueQuestion')!;
        const choice = allQuestions(structure).find((q) => q.type === 'SingleChoice')!;
        const stored = { questionId: value.id!, inputAnswer: 42, multipleChoiceOption: [], state: 'Answered' as const, provenance: 'measured' };
        const target = object(structure, { state: 'Active', lockHolder: null, answers: [stored] });
        const option = choice.options.find((o) => o.id !== null)!;
        for (const [language, name] of [['de', names[0]], ['en', names[1]]] as const) {
          const header = ['id', value.staticTitle, choice.staticTitle, language === 'de' ? 'Herkunft der Werte' : 'Provenance of the figures'];
          const [row] = plan(header, [[7, 42, option.text, name]], [target], allQuestions(structure), language);
          expect(row!.status).toBe('updated');
          const provenance = names[1];
          expect(row!.changes).toEqual([
            { questionId: value.id, value: { inputAnswer: 42, multipleChoiceOption: [] }, provenance },
            { questionId: choice.id, value: { inputAnswer: null, multipleChoiceOption: [option.id] } },
          ]);
        }
        // Without the column, or naming the figure's own provenance, the figure is unchanged.
        expect(plan(['id', value.staticTitle], [[7, 42]], [target], allQuestions(structure))[0]!.status).toBe('unchanged');
        expect(plan(['id', value.staticTitle, 'provenance'], [[7, 42, 'gemessen']], [target], allQuestions(structure))[0]!.status).toBe('unchanged');
      }),
      { numRuns: 20 },
    );
  });

  it('an unknown provenance fails its row at the column, with the specification’s text', () => {
    fc.assert(
      fc.property(withFigure, fc.constantFrom('geraten', 'metered', '3'), (structure, wrong) => {
        const value = allQuestions(structure).find((q) => q.type === 'ValueQuestion')!;
        const [row] = plan(['id', value.staticTitle, 'Herkunft'], [[7, 10, wrong]], [object(structure, null)], allQuestions(structure));
        expect(row!.status).toBe('failed');
        expect(row!.problems).toContainEqual({ column: 'Herkunft', key: 'answer-provenance-unknown' });
        expect(message('answer-provenance-unknown', 'en')).toMatch(/measured, estimated or calculated/);
      }),
      { numRuns: 20 },
    );
  });
});
