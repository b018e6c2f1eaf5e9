import * as E from 'fp-ts/Either';
import { changeKind, checkAnswer, isAnswerable } from '../answering/answer-rules.ts';
import { PROVENANCE_NAMES, PROVENANCES, provenanceOf, type Provenance } from '../answering/provenance.ts';
import { allQuestions, KPI_KEYS, optionTextIn, questionTitleIn, type Question } from '../questionnaires/template.ts';
import type { AnswerStructure } from '../answering/applicability.ts';
import type { AnswerInput, AnswerState, AnswerValue, AssetQuestionnaireState } from '../answering/answers.ts';
import { LANGUAGES, type Language } from '../shared/language.ts';
import type { MessageKey } from '../shared/messages.ts';
import { MAX_CELL_CHARACTERS, type Cell, type RowProblem, type RowStatus } from './import-table.ts';
import { normaliseHeader, OBJECT_COLUMNS } from './object-columns.ts';
import { blank, looksLikeFormula, readNumber } from './object-row.ts';

/**
 * The answer import (issue 20, DOMAIN.md §10): a table with one row per object (`id`, `externalId`, `objectName`)
 * and one column per question, read into answers that pass the answering rules (`checkAnswer`, `isAnswerable`,
 * `changeKind`) exactly as a save by hand does.
 */

/** What a template writes into a cell whose question does not apply to the row's object; read as empty. */
export const NOT_APPLICABLE_MARK = '—';

export type AnswerColumn =
  | { key: 'id' | 'externalId' | 'objectName'; kind: 'object' }
  /** Where the row's figures come from (issue 40): measured, estimated or calculated, in either language. */
  | { key: 'provenance'; kind: 'provenance' }
  | { key: string; kind: 'question'; staticTitle: string };

/** The provenance column's header in each language (also read: `provenance`). */
export const PROVENANCE_HEADERS: Record<Language, string> = { de: 'Herkunft der Werte', en: 'Provenance of the figures' };

/** A provenance cell: its name in either language (`gemessen`, `estimated`, …); blank: none named. */
export const readProvenanceCell = (cell: Cell): E.Either<CellProblem, Provenance | undefined> => {
  if (blank(cell)) return E.right(undefined);
  const wanted = normaliseHeader(String(cell));
  const found = PROVENANCES.find((p) => p === wanted || LANGUAGES.some((l) => normaliseHeader(PROVENANCE_NAMES[p][l]) === wanted));
  return found ? E.right(found) : E.left({ key: 'answer-provenance-unknown' });
};

const OBJECT_KEYS = ['id', 'externalId', 'objectName'] as const;
const objectColumnLabels = (key: (typeof OBJECT_KEYS)[number]) => OBJECT_COLUMNS.find((c) => c.key === key)!.labels;

/** The unit of a question's figure (its KPI key), or none. */
export const questionUnit = (question: Pick<Question, 'kpiKey'>): string | null => (question.kpiKey === null ? null : KPI_KEYS[question.kpiKey]);

/** A question's column header in a language: its title and its unit ("Endenergie gesamt (kWh/m²/a)"). */
export const plainAnswerHeader = (question: Pick<Question, 'translations' | 'staticTitle' | 'kpiKey'>, language: Language): string => {
  const unit = questionUnit(question);
  const title = questionTitleIn(question, language);
  return unit === null || title.includes(`(${unit})`) ? title : `${title} (${unit})`;
};

/** The header that names a question beyond doubt: its title and unit with its static title in brackets. */
const bracketHeader = (question: Pick<Question, 'translations' | 'staticTitle' | 'kpiKey'>, language: Language): string => `${plainAnswerHeader(question, language)} [${question.staticTitle}]`;

const questionNames = (question: Question): string[] => [
  question.staticTitle,
  bracketHeader(question, 'de'),
  bracketHeader(question, 'en'),
  ...LANGUAGES.flatMap((l) => [plainAnswerHeader(question, l), questionTitleIn(question, l)]),
];

/**
 * The columns of an answer file, read against the questions that may be named (those of the templates in play, a
 * question by its `staticTitle` across versions): the object columns by API name or label, a question by its static
 * title, its title (with or without unit) in either language, or title and unit with the static title in brackets.
 * A title two questions share names neither of them (the bracket form does).
 */
export const answerColumns = (questions: readonly Question[]) => {
  const owners = new Map<string, Set<string>>();
  for (const q of questions) for (const name of questionNames(q)) {
    const key = normaliseHeader(name);
    owners.set(key, (owners.get(key) ?? new Set()).add(q.staticTitle));
  }
  const byName = new Map<string, AnswerColumn>();
  for (const key of OBJECT_KEYS) for (const name of [key, ...Object.values(objectColumnLabels(key))]) byName.set(normaliseHeader(name), { key, kind: 'object' });
  for (const name of ['provenance', 'Herkunft', ...Object.values(PROVENANCE_HEADERS)]) byName.set(normaliseHeader(name), { key: 'provenance', kind: 'provenance' });
  for (const [name, statics] of owners) {
    if (statics.size !== 1 || byName.has(name)) continue;
    const staticTitle = [...statics][0]!;
    byName.set(name, { key: `q:${staticTitle}`, kind: 'question', staticTitle });
  }
  return {
    columnOf: (text: string): AnswerColumn | undefined => byName.get(normaliseHeader(text)),
    /** The header a template writes for a question: title and unit where that names it alone, else with the static title. */
    headerOf: (question: Question, language: Language): string => {
      const plain = plainAnswerHeader(question, language);
      return owners.get(normaliseHeader(plain))?.size === 1 && !OBJECT_KEYS.some((k) => byName.get(normaliseHeader(plain))?.key === k) ? plain : bracketHeader(question, language);
    },
  };
};

/** The object columns' headers of the answer template in a language. */
export const answerObjectHeaders = (language: Language): string[] => OBJECT_KEYS.map((k) => objectColumnLabels(k)[language]);

type CellProblem = { key: MessageKey; params?: Record<string, string | number> };

const optionNames = (question: Question, option: Question['options'][number]): string[] => [option.text, ...LANGUAGES.map((l) => optionTextIn(option, l))].map(normaliseHeader);

/** An option of the question by its text in either language, or by its position (from 1). */
const findOption = (question: Question, text: string): number | undefined => {
  const wanted = normaliseHeader(text);
  const options = [...question.options].filter((o) => o.id !== null).sort((a, b) => a.order - b.order);
  const byText = options.find((o) => optionNames(question, o).includes(wanted));
  if (byText) return byText.id!;
  const position = /^\d+$/.test(wanted) ? Number(wanted) : NaN;
  return Number.isInteger(position) && position >= 1 && position <= options.length ? options[position - 1]!.id! : undefined;
};

/**
 * A cell as an answer to its question, before the answering rules look at it: null where the cell is empty (or holds
 * the not-applicable mark), which leaves the answer as it is. Value questions take a number in the file's language,
 * single choice an option's text or its number in the list, multiple choice option texts separated by `;`.
 */
export const readAnswerCell = (question: Question, cell: Cell, language: Language): E.Either<CellProblem, AnswerInput | null> => {
  if (blank(cell) || (typeof cell === 'string' && cell.trim() === NOT_APPLICABLE_MARK)) return E.right(null);
  if (typeof cell === 'string' && cell.length > MAX_CELL_CHARACTERS) return E.left({ key: 'import-cell-too-long', params: { max: MAX_CELL_CHARACTERS.toLocaleString('de-DE') } });
  if (typeof cell === 'string' && looksLikeFormula(cell, question.type === 'ValueQuestion' ? language : null)) return E.left({ key: 'import-formula-text' });
  const text = typeof cell === 'string' ? cell.trim() : String(cell);
  // A virtual question is computed: whatever the cell holds, checkAnswer refuses it (answer-virtual).
  if (question.type === 'VirtualQuestion') return E.right({ inputAnswer: text });
  if (question.type === 'ValueQuestion') {
    const value = readNumber(cell, language);
    if (value === null) return E.left({ key: 'import-not-a-number', params: { value: text.slice(0, 50) } });
    return E.right({ inputAnswer: value });
  }
  // Options separated by `;` (a single choice takes one; more are refused by checkAnswer as by hand); an option whose own text holds a `;` is found whole.
  const parts = findOption(question, text) !== undefined ? [text] : text.split(';').map((p) => p.trim()).filter((p) => p !== '');
  const ids: number[] = [];
  for (const part of parts) {
    const id = findOption(question, part);
    if (id === undefined) {
      const allowed = [...question.options].sort((a, b) => a.order - b.order).map((o) => optionTextIn(o, language)).join(', ');
      return E.left({ key: 'import-unknown-option', params: { value: part.slice(0, 50), options: allowed } });
    }
    ids.push(id);
  }
  return E.right({ multipleChoiceOption: ids });
};

/** An answer as a cell (the prefilled template, tests): the figure, or the options' texts in the question's order joined by "; ". */
export const writeAnswerCell = (question: Question, value: AnswerValue | null, language: Language): Cell => {
  if (value === null) return null;
  if (value.inputAnswer !== null) return value.inputAnswer;
  const chosen = [...question.options].sort((a, b) => a.order - b.order).filter((o) => o.id !== null && value.multipleChoiceOption.includes(o.id));
  return chosen.length === 0 ? null : chosen.map((o) => optionTextIn(o, language)).join('; ');
};

/** An object an answer file may name, as the plan weighs it. */
export interface AnswerImportObject {
  id: number;
  externalId: string | null;
  /** Within the importer's reach (organisation, access list; DOMAIN.md §10). */
  reachable: boolean;
  /** The structure it answers: its latest questionnaire's template applied to it, or the one a start takes (DOMAIN.md §9); null where none can start. */
  structure: AnswerStructure | null;
  /** Its latest filled questionnaire; null where the import starts one. */
  questionnaire: {
    state: AssetQuestionnaireState;
    /** The name of another user holding a live lock on it (core lockDecision), else null. */
    lockHolder: string | null;
    answers: readonly { questionId: number; inputAnswer: number | null; multipleChoiceOption: readonly number[]; state: AnswerState | null; provenance?: string | null }[];
  } | null;
}

/** One read row of an answer file. */
export interface AnswerRowCells {
  row: number;
  cells: readonly Cell[];
}

export interface AnswerChange {
  questionId: number;
  value: AnswerValue;
  /** Where the figure comes from, as the row's provenance column names it; absent: the answer's own, else measured. */
  provenance?: Provenance;
}

/** What the import does with one row: the answers it changes, and whether it starts the object's questionnaire. */
export interface PlannedAnswerRow {
  row: number;
  status: RowStatus;
  assetId: number | null;
  start: boolean;
  changes: AnswerChange[];
  problems: RowProblem[];
}

export interface AnswerPlanContext {
  language: Language;
  /** The organisation's objects the rows name (whatever the importer may reach or not). */
  byId: ReadonlyMap<number, AnswerImportObject>;
  byExternalId: ReadonlyMap<string, AnswerImportObject>;
}

/** A structure's questions by static title, made once per structure (a file has thousands of cells per structure). */
const byStaticOf = new WeakMap<AnswerStructure, Map<string, Question>>();
const findByStatic = (structure: AnswerStructure, staticTitle: string): Question | undefined => {
  let byStatic = byStaticOf.get(structure);
  if (!byStatic) byStaticOf.set(structure, (byStatic = new Map(allQuestions(structure).map((q) => [q.staticTitle, q]))));
  return byStatic.get(staticTitle);
};

/** The id and external id a row names (the cells of the object columns). */
export const rowTarget = (cells: readonly Cell[], columns: readonly (AnswerColumn | null)[]): { id: number | null; externalId: string | null; idText: string | null } => {
  let id: number | null = null;
  let idText: string | null = null;
  let externalId: string | null = null;
  columns.forEach((column, i) => {
    const cell = cells[i] ?? null;
    if (!column || blank(cell)) return;
    const text = String(cell).trim();
    if (column.key === 'id') {
      idText = text;
      const n = readNumber(cell, 'en');
      id = n !== null && Number.isInteger(n) && n >= 1 ? n : null;
    }
    if (column.key === 'externalId') externalId = text;
  });
  return { id, externalId, idText };
};

/**
 * Decides each row (DOMAIN.md §10): the object by externalId, else by id (one outside the importer's reach is "not
 * found", never written); each non-empty cell through `readAnswerCell` and core's `checkAnswer`; a cell of a question
 * that does not apply to the object must stay empty; an answer that changes (`changeKind`) must be answerable now
 * (`isAnswerable`: not in Review and the like) and the questionnaire not locked by someone else (the error names the
 * holder). A row that changes nothing is unchanged, whatever the questionnaire's state; one that changes answers of
 * an object without questionnaire starts it (status created).
 */
export const planAnswerImport = (rows: readonly AnswerRowCells[], columns: readonly (AnswerColumn | null)[], headers: readonly string[], context: AnswerPlanContext): PlannedAnswerRow[] => {
  const headerOf = (key: string) => headers[columns.findIndex((c) => c?.key === key)] || key;
  const targets = rows.map((r) => rowTarget(r.cells, columns));
  const seen = new Map<number, number>();
  return rows.map((r, index): PlannedAnswerRow => {
    const problems: RowProblem[] = [];
    const named = targets[index]!;
    let target: AnswerImportObject | undefined;
    if (named.idText !== null && named.id === null) problems.push({ column: headerOf('id'), key: 'import-not-a-number', params: { value: named.idText.slice(0, 50) } });
    const byExternal = named.externalId === null ? undefined : context.byExternalId.get(named.externalId);
    if (named.externalId !== null && (!byExternal || !byExternal.reachable)) problems.push({ column: headerOf('externalId'), key: 'import-object-not-found', params: { value: named.externalId } });
    else if (byExternal && named.id !== null && named.id !== byExternal.id) problems.push({ column: headerOf('id'), key: 'import-id-mismatch', params: { value: named.id } });
    else if (byExternal) target = byExternal;
    else if (named.id !== null) {
      const byId = context.byId.get(named.id);
      if (!byId || !byId.reachable) problems.push({ column: headerOf('id'), key: 'import-object-not-found', params: { value: named.id } });
      else target = byId;
    } else if (named.idText === null) problems.push({ column: headerOf('id'), key: 'validation-required' });
    if (target) {
      const first = seen.get(target.id);
      if (first !== undefined) problems.push({ column: headerOf('id'), key: 'import-duplicate-id', params: { value: target.id, row: first } });
      else seen.set(target.id, r.row);
    }
    if (!target) return { row: r.row, status: 'failed', assetId: null, start: false, changes: [], problems };

    const sheet = target.questionnaire;
    const current = new Map((sheet?.answers ?? []).map((a) => [a.questionId, a]));
    const changes: AnswerChange[] = [];
    let lockReported = false;
    const provenanceAt = columns.findIndex((c) => c?.kind === 'provenance');
    const namedProvenance = provenanceAt < 0 ? E.right(undefined) : readProvenanceCell(r.cells[provenanceAt] ?? null);
    if (E.isLeft(namedProvenance)) problems.push({ column: headers[provenanceAt] ?? PROVENANCE_HEADERS[context.language], key: namedProvenance.left.key });
    const rowProvenance = E.isRight(namedProvenance) ? namedProvenance.right : undefined;
    columns.forEach((column, i) => {
      if (!column || column.kind !== 'question') return;
      const cell = r.cells[i] ?? null;
      const header = headers[i] ?? column.staticTitle;
      const filled = !blank(cell) && !(typeof cell === 'string' && cell.trim() === NOT_APPLICABLE_MARK);
      if (target.structure === null) {
        // No questionnaire and no active template to start one on (DOMAIN.md §9).
        if (filled && !problems.some((p) => p.key === 'questionnaire-start-error')) problems.push({ column: headerOf('id'), key: 'questionnaire-start-error' });
        return;
      }
      const question = findByStatic(target.structure, column.staticTitle);
      if (!question) {
        if (filled) problems.push({ column: header, key: 'import-answer-not-applicable' });
        return;
      }
      const read = readAnswerCell(question, cell, context.language);
      if (E.isLeft(read)) return void problems.push({ column: header, key: read.left.key, ...(read.left.params ? { params: read.left.params } : {}) });
      if (read.right === null) return;
      const checked = checkAnswer(question, read.right);
      if (E.isLeft(checked)) return void problems.push({ column: header, key: checked.left.key, ...(checked.left.params ? { params: checked.left.params } : {}) });
      const stored = question.id === null ? undefined : current.get(question.id);
      const before: AnswerValue | null = stored && stored.state !== null ? { inputAnswer: stored.inputAnswer, multipleChoiceOption: [...stored.multipleChoiceOption] } : null;
      const provenance = question.type === 'ValueQuestion' ? rowProvenance : undefined;
      // A figure that stays changes only when the row names another provenance for it.
      if (changeKind(before, checked.right) === null && (provenance === undefined || before === null || provenance === provenanceOf({ inputAnswer: before.inputAnswer, provenance: stored?.provenance }))) return;
      if (sheet && !isAnswerable(sheet.state, stored?.state ?? null)) return void problems.push({ column: header, key: 'answer-not-answerable' });
      if (sheet?.lockHolder && !lockReported) {
        lockReported = true;
        problems.push({ column: headerOf('id'), key: 'questionnaire-locked', params: { name: sheet.lockHolder } });
      }
      changes.push({ questionId: question.id!, value: checked.right, ...(provenance ? { provenance } : {}) });
    });
    if (problems.length > 0) return { row: r.row, status: 'failed', assetId: target.id, start: false, changes: [], problems };
    if (changes.length === 0) return { row: r.row, status: 'unchanged', assetId: target.id, start: false, changes, problems };
    return { row: r.row, status: sheet ? 'updated' : 'created', assetId: target.id, start: sheet === null, changes, problems };
  });
};


/** The questions an answer template has a column for: those answered by hand in any of the objects' structures, once per static title, in tree order. */
export const answerTemplateQuestions = (structures: readonly (AnswerStructure | null)[]): Question[] => {
  const seen = new Map<string, Question>();
  for (const structure of structures) {
    if (!structure) continue;
    for (const q of allQuestions(structure)) if (q.type !== 'VirtualQuestion' && !seen.has(q.staticTitle)) seen.set(q.staticTitle, q);
  }
  return [...seen.values()];
};

/**
 * An object's row of the answer template: id, external id, name, then per question column today's answer (empty
 * where none), or the not-applicable mark where the question does not apply to it (those cells are listed, for
 * the greyed cells of the Excel file).
 */
export const writeAnswerRow = (
  object: { id: number; externalId: string | null; name: string; structure: AnswerStructure | null; answers: readonly { questionId: number; inputAnswer: number | null; multipleChoiceOption: readonly number[]; state: AnswerState | null }[] },
  questions: readonly Question[],
  language: Language,
): { cells: Cell[]; notApplicable: number[] } => {
  const byStatic = new Map((object.structure ? allQuestions(object.structure) : []).filter((q) => q.type !== 'VirtualQuestion').map((q) => [q.staticTitle, q]));
  const answers = new Map(object.answers.map((a) => [a.questionId, a]));
  const notApplicable: number[] = [];
  const cells: Cell[] = [object.id, object.externalId, object.name];
  questions.forEach((column, i) => {
    const question = byStatic.get(column.staticTitle);
    if (!question) {
      notApplicable.push(i + OBJECT_KEYS.length);
      return void cells.push(NOT_APPLICABLE_MARK);
    }
    const answer = question.id === null ? undefined : answers.get(question.id);
    cells.push(answer && answer.state !== null ? writeAnswerCell(question, { inputAnswer: answer.inputAnswer, multipleChoiceOption: [...answer.multipleChoiceOption] }, language) : null);
  });
  return { cells, notApplicable };
};

/** The answer template's header row: the object columns, then each question's header. */
export const answerTemplateHeader = (questions: readonly Question[], universe: readonly Question[], language: Language): string[] => {
  const { headerOf } = answerColumns(universe);
  return [...answerObjectHeaders(language), ...questions.map((q) => headerOf(q, language))];
};

export const ANSWER_TEMPLATE_FILE_NAMES = { de: 'Antworten-Importvorlage', en: 'answers-import-template' } as const;
