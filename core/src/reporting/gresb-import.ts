import * as E from 'fp-ts/Either';
import { changeKind, checkAnswer, isAnswerable } from '../answering/answer-rules.ts';
import type { AnswerStructure } from '../answering/applicability.ts';
import type { AnswerState, AnswerValue, AssetQuestionnaireState } from '../answering/answers.ts';
import { assetBodySchema } from '../assets/object.ts';
import { scopeCoversAsset, type ImportScope } from '../imports/import-access.ts';
import type { RowProblem } from '../imports/import-table.ts';
import type { ExistingObject } from '../imports/object-plan.ts';
import type { ObjectRow } from '../imports/object-row.ts';
import { normaliseHeader } from '../imports/object-columns.ts';
import { allQuestions, type KpiKey, type Question } from '../questionnaires/template.ts';
import type { MessageKey } from '../shared/messages.ts';
import { addressParts, gresbAddress } from './gresb.ts';
import { gresbClasses, type GresbImportRow } from './gresb-read.ts';

/** The group a GRESB import puts new objects in (created when missing). */
export const GRESB_GROUP = 'GRESB';

/** Name + address as a match compares them: case, accents aside, and blanks ignored. */
export const nameAddressKey = (name: string, address: string): string => `${normaliseHeader(name)}|${normaliseHeader(address).replace(/\s*,\s*/g, ',')}`;

/** The key of a stored object for matching a GRESB row by name + address. */
export const storedNameAddressKey = (o: ExistingObject): string => nameAddressKey(o.fields.objectName, gresbAddress(o.fields));

/**
 * The object each GRESB row is about (docs/gresb.md "Import"): `partners_id` naming an object of the organisation in
 * the importer's reach; one of the organisation out of reach is `import-object-not-found`; an id the organisation
 * does not have is no match. Then name + address; else none (a new object). The same object twice is an error.
 */
export const gresbTargets = (
  rows: readonly GresbImportRow[],
  context: { byId: ReadonlyMap<number, ExistingObject>; byNameAddress: ReadonlyMap<string, ExistingObject>; scope: ImportScope; headerOf: (key: string) => string },
): { target: ExistingObject | null; problems: RowProblem[] }[] => {
  const seen = new Map<number, number>();
  return rows.map((r) => {
    const problems: RowProblem[] = [];
    const reachable = (o: ExistingObject) => scopeCoversAsset(context.scope, { id: o.id, assetGroupId: o.assetGroupId });
    let target: ExistingObject | null = null;
    const byId = r.partnersId === null ? undefined : context.byId.get(r.partnersId);
    if (byId) {
      if (reachable(byId)) target = byId;
      else problems.push({ column: context.headerOf('partners_id'), key: 'import-object-not-found', params: { value: r.partnersId! } });
    } else if (r.name !== null && r.address !== null) {
      const byName = context.byNameAddress.get(nameAddressKey(r.name, r.address));
      if (byName && reachable(byName)) target = byName;
      else if (byName) problems.push({ column: context.headerOf('name'), key: 'import-object-not-found', params: { value: r.name } });
    }
    if (target) {
      const first = seen.get(target.id);
      if (first !== undefined) problems.push({ column: context.headerOf('partners_id'), key: 'import-duplicate-id', params: { value: target.id, row: first } });
      else seen.set(target.id, r.row);
    }
    return { target, problems };
  });
};

/**
 * The object row a GRESB row gives the object import (core `planObjectImport`): an update sets name, country, city,
 * address, construction year and size (the rest as stored); a new object in the group GRESB needs name, country, city,
 * an address "street number, postcode city" and a property type. Checked by the object form's own schema.
 */
export const gresbObjectRow = (r: GresbImportRow, target: ExistingObject | null, problems: readonly RowProblem[], headerOf: (key: string) => string): ObjectRow => {
  const all: RowProblem[] = [...r.problems, ...problems];
  const need = (key: string, value: unknown) => {
    if (value === null && !all.some((p) => p.column === headerOf(key))) all.push({ column: headerOf(key), key: 'validation-required' });
  };
  const stored = target?.fields ?? null;
  const parts = r.address === null ? null : addressParts(r.address);
  if (!target) {
    need('name', r.name);
    need('country', r.country);
    need('city', r.city);
    need('address', r.address);
    need('property_type_code', r.assetClass);
    if (r.address !== null && parts === null) all.push({ column: headerOf('address'), key: 'gresb-address' });
  }
  const classes = gresbClasses(r.assetClass, stored?.assetAssetTypes ?? null);
  const fields = {
    ...(stored ?? {}),
    objectName: r.name ?? stored?.objectName,
    country: r.country ?? stored?.country,
    city: r.city ?? stored?.city,
    ...(parts ? { street: parts.street, streetNumber: parts.streetNumber, zip: parts.zip } : {}),
    constructionYear: r.constructionYear ?? stored?.constructionYear ?? null,
    assetTotalArea: r.size ?? stored?.assetTotalArea,
    assetAssetTypes: classes ?? [],
    assetGroupId: 1,
  };
  let body: ObjectRow['body'] = null;
  if (all.length === 0) {
    const parsed = assetBodySchema.safeParse(fields);
    if (parsed.success) {
      const { assetGroupId: _group, id: _id, version: _version, ...rest } = parsed.data;
      body = { ...rest, externalId: stored?.externalId ?? null };
    } else
      for (const issue of parsed.error.issues)
        all.push({ column: headerOf(String(issue.path[0] ?? 'name')), key: (issue.message.startsWith('validation-') ? issue.message : 'validation-generic') as MessageKey });
  }
  return { row: r.row, id: target?.id ?? null, externalId: null, groupName: target ? null : GRESB_GROUP, objectName: r.name ?? stored?.objectName ?? null, body, problems: all };
};

/** The questionnaire a GRESB row fills, as the answer import reads it; null where the import starts one. */
export interface GresbSheet {
  state: AssetQuestionnaireState;
  reportingYear: number;
  lockHolder: string | null;
  answers: readonly { questionId: number; inputAnswer: number | null; multipleChoiceOption: readonly number[]; state: AnswerState | null }[];
}

/** The columns whose figures a KPI key's answer comes from, to name them in a row error. */
const COLUMN_OF_KPI: Readonly<Partial<Record<KpiKey, string>>> = {
  finalEnergyGridElectricity: 'en_abs_we',
  finalEnergyGas: 'en_abs_wf',
  finalEnergyOil: 'en_abs_wf',
  finalEnergyDistrictHeating: 'en_abs_wd',
  finalEnergyDistrictCooling: 'en_abs_wd',
  finalEnergyRenewablesConsumed: 'en_ren_ons_con',
  finalEnergyRenewablesExported: 'en_ren_ons_exp',
  co2: 'ghg_abs_s1_w',
  water: 'wat_abs_w',
  waste: 'was_abs_nhaz',
};

/** The carriers a GRESB column sums: split by the import, given whole to one where the object answers only that one. */
const PAIRS: readonly (readonly [KpiKey, KpiKey])[] = [
  ['finalEnergyGas', 'finalEnergyOil'],
  ['finalEnergyDistrictHeating', 'finalEnergyDistrictCooling'],
];

/** The value question of each KPI key in a structure: the first in tree order, as the figures read it (core kpiFigures). */
export const kpiQuestions = (structure: AnswerStructure): Map<KpiKey, Question> => {
  const out = new Map<KpiKey, Question>();
  for (const q of allQuestions(structure)) if (q.type === 'ValueQuestion' && q.kpiKey !== null && q.id !== null && !out.has(q.kpiKey)) out.set(q.kpiKey, q);
  return out;
};

/** The answered figures of a questionnaire by KPI key (the stored split of fuels and district energy). */
export const storedFigures = (structure: AnswerStructure, sheet: GresbSheet | null): Partial<Record<KpiKey, number>> => {
  const byQuestion = new Map((sheet?.answers ?? []).map((a) => [a.questionId, a.inputAnswer]));
  const out: Partial<Record<KpiKey, number>> = {};
  for (const [key, q] of kpiQuestions(structure)) {
    const v = byQuestion.get(q.id!);
    if (v !== undefined && v !== null) out[key] = v;
  }
  return out;
};

/**
 * The answers a GRESB row changes in the questionnaire of its year, by the answering rules of the answer import
 * (docs/import.md "Answers"): the value's bounds, a change only where it changes something, answerable in the
 * questionnaire's state, no lock held by someone else. A figure > 0 whose question the object does not answer is
 * `import-answer-not-applicable`; a questionnaire of another reporting year is `gresb-year-questionnaire`.
 */
export const gresbAnswerChanges = (
  year: number,
  structure: AnswerStructure | null,
  sheet: GresbSheet | null,
  intensities: Partial<Record<KpiKey, number>>,
  headerOf: (key: string) => string,
): { changes: { questionId: number; value: AnswerValue }[]; problems: RowProblem[] } => {
  const problems: RowProblem[] = [];
  const changes: { questionId: number; value: AnswerValue }[] = [];
  const entries = Object.entries(intensities) as [KpiKey, number][];
  if (entries.length === 0) return { changes, problems };
  if (structure === null) return { changes, problems: [{ column: headerOf('partners_id'), key: 'questionnaire-start-error' }] };
  if (sheet !== null && sheet.reportingYear !== year) return { changes, problems: [{ column: headerOf('year'), key: 'gresb-year-questionnaire', params: { year: sheet.reportingYear } }] };
  const questions = kpiQuestions(structure);
  // Fuels and district energy go whole to the carrier the object answers where it does not answer the other.
  const figures: Partial<Record<KpiKey, number>> = { ...intensities };
  for (const [a, b] of PAIRS) {
    for (const [from, to] of [[a, b], [b, a]] as const) {
      if (figures[from] !== undefined && !questions.has(from) && questions.has(to)) {
        figures[to] = (figures[to] ?? 0) + figures[from];
        delete figures[from];
      }
    }
  }
  const current = new Map((sheet?.answers ?? []).map((a) => [a.questionId, a]));
  for (const [key, value] of Object.entries(figures) as [KpiKey, number][]) {
    const column = headerOf(COLUMN_OF_KPI[key] ?? 'size');
    const question = questions.get(key);
    if (!question) {
      if (value > 0 && !problems.some((p) => p.column === column)) problems.push({ column, key: 'import-answer-not-applicable' });
      continue;
    }
    const checked = checkAnswer(question, { inputAnswer: value });
    if (E.isLeft(checked)) {
      problems.push({ column, key: checked.left.key, ...(checked.left.params ? { params: checked.left.params } : {}) });
      continue;
    }
    const stored = current.get(question.id!);
    // A figure the file gives back as stored (× and ÷ the floor area may move its last digit) changes nothing.
    if (stored && stored.state !== null && stored.inputAnswer !== null && Math.abs(stored.inputAnswer - checked.right.inputAnswer!) <= 1e-9 * Math.max(1, Math.abs(stored.inputAnswer))) continue;
    const before: AnswerValue | null = stored && stored.state !== null ? { inputAnswer: stored.inputAnswer, multipleChoiceOption: [...stored.multipleChoiceOption] } : null;
    if (changeKind(before, checked.right) === null) continue;
    if (sheet && !isAnswerable(sheet.state, stored?.state ?? null)) {
      problems.push({ column, key: 'answer-not-answerable' });
      continue;
    }
    changes.push({ questionId: question.id!, value: checked.right });
  }
  if (changes.length > 0 && sheet?.lockHolder) problems.push({ column: headerOf('partners_id'), key: 'questionnaire-locked', params: { name: sheet.lockHolder } });
  return { changes, problems };
};
