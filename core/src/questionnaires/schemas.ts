import { z } from 'zod';
import { pageQuerySchema } from '../identity/user-schema.ts';
import { LANGUAGES } from '../shared/language.ts';
import { flagParam, idValue, intValue, numberChoiceParam } from '../shared/schemas.ts';
import {
  AMBITION_LEVELS,
  ASSET_CLASSES,
  CLUSTER_COUNT,
  CLUSTER_KINDS,
  KPI_KEY_LIST,
  QUESTION_TYPES,
  QUESTIONNAIRE_STATES,
  QUESTIONNAIRE_TYPES,
  SCORE_TYPES,
  VIRTUAL_QUESTION_TYPES,
  type KpiKey,
} from './template.ts';

const required = (max: number) =>
  z.string({ error: 'validation-required' }).trim().min(1, { error: 'validation-required' }).max(max, { error: 'validation-max-length' });
const optionalText = (max: number) => z.string().max(max, { error: 'validation-max-length' }).default('');
const id = idValue.nullable();
const weight = z.number({ error: 'validation-number' }).min(0, { error: 'validation-number' }).max(100, { error: 'validation-number' });
const language = z.enum(LANGUAGES);

/** Version names like 2025_01 (spec 02 §9). */
export const VERSION_PATTERN = /^\d{4}_\d{2}$/;
export const versionSchema = required(20).regex(VERSION_PATTERN, { error: 'questionnaire-version-format' });

const nameTranslation = z.object({ language, name: optionalText(300) });

const optionSchema = z.object({
  id,
  text: optionalText(500),
  score: z.number({ error: 'validation-number' }).min(-1000).max(1000),
  order: z.number().int().min(0).max(10_000),
  isExclusive: z.boolean().default(false),
  translations: z.array(z.object({ language, text: optionalText(500) })).max(LANGUAGES.length),
});

const questionSchema = z.object({
  id,
  staticTitle: required(300),
  type: z.enum(QUESTION_TYPES),
  translations: z
    .array(z.object({ language, title: optionalText(1000), description: optionalText(5000), clarification: optionalText(5000) }))
    .max(LANGUAGES.length),
  assetTypes: z.array(z.enum(ASSET_CLASSES)).max(ASSET_CLASSES.length).default([]),
  clusterType: z.enum(CLUSTER_KINDS).nullable().default(null),
  taxonomyRelevant: z.boolean().default(false),
  relevantForReview: z.boolean().default(false),
  isGreenHouseGas: z.boolean().default(false),
  scoreType: z.enum(SCORE_TYPES).default('Ecore'),
  options: z.array(optionSchema).max(100).default([]),
  virtualQuestionType: z.enum(VIRTUAL_QUESTION_TYPES).nullable().default(null),
  averageVariator: z.number({ error: 'validation-number' }).min(0).max(1000).nullable().default(null),
  parentQuestionId: id.default(null),
  parentStaticTitle: z.string().max(300).nullable().optional(),
  basicQuestion: z.boolean().default(false),
  averageValue: z.number({ error: 'validation-number' }).min(-1e9).max(1e9).nullable().default(null),
  virtualMaxScore: z.number({ error: 'validation-number' }).min(0).max(1000).nullable().default(null),
  ambitionLevel: z.enum(AMBITION_LEVELS).default('A1'),
  kpiKey: z.enum(KPI_KEY_LIST as [KpiKey, ...KpiKey[]]).nullable().default(null),
  order: z.number().int().min(0).max(10_000),
  // Computed for display only; accepted and dropped (spec 02 §3 "maxScore is stripped on save").
  maxScore: z.number().optional(),
});

const sectionSchema = z.object({
  id,
  translations: z.array(nameTranslation).max(LANGUAGES.length),
  weight,
  financeWeight: weight,
  order: z.number().int().min(0).max(10_000),
  questions: z.array(questionSchema).max(1000),
});

const categorySchema = z.object({
  id,
  translations: z.array(nameTranslation).max(LANGUAGES.length),
  order: z.number().int().min(0).max(10_000),
  sections: z.array(sectionSchema).max(500),
});

const clusterSchema = z.object({
  id,
  clusterIdentifier: z.string().max(10),
  weight,
  financeWeight: weight,
  isTaxonomyCluster: z.boolean().default(false),
  categories: z.array(categorySchema).max(200),
});

const contentFields = {
  title: required(200),
  /** The title per language (German and English); absent, a save keeps the stored ones. */
  translations: z.array(z.object({ language, title: optionalText(200) })).max(LANGUAGES.length).optional(),
  type: z.enum(QUESTIONNAIRE_TYPES, { error: 'validation-required' }),
  version: versionSchema,
  taxonomyCompliance: z.boolean().default(true),
  scoredAmbitionLevels: z.array(z.enum(AMBITION_LEVELS)).min(1).max(3).default(['A1']),
  clusters: z.array(clusterSchema).max(CLUSTER_COUNT),
};

/** PUT /api/questionnaire: the edited template with the revision it was read at (409 when stale). */
export const editTemplateBodySchema = z.object({
  id: idValue,
  revision: intValue(0),
  ...contentFields,
});
export type EditTemplateBody = z.infer<typeof editTemplateBodySchema>;

/** POST (or PUT without id) /api/questionnaire: a new template, or a duplicate of `sourceId`. */
export const createTemplateBodySchema = z.object({
  id: z.null().optional(),
  sourceId: idValue.optional(),
  title: required(200),
  version: versionSchema,
  type: z.enum(QUESTIONNAIRE_TYPES, { error: 'validation-required' }).default('Ecore'),
});
export type CreateTemplateBody = z.infer<typeof createTemplateBodySchema>;

/** The two tabs of the list (spec 02 §2): current = Draft and Active (admin/active), previous = Archived (admin/archived). */
export const TEMPLATE_LISTS = ['active', 'archived'] as const;
export type TemplateList = (typeof TEMPLATE_LISTS)[number];

export const templateListQuerySchema = pageQuerySchema.extend({
  list: z.enum(TEMPLATE_LISTS).default('active'),
});
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;

/** Export format 0 JSON, 1 CSV, 2 Excel (spec 02 §3, §9). */
export const EXPORT_FORMATS = { json: 0, csv: 1, excel: 2 } as const;
export const exportQuerySchema = z.object({
  exportFormat: numberChoiceParam([EXPORT_FORMATS.json, EXPORT_FORMATS.csv, EXPORT_FORMATS.excel]),
  language,
});

export const lockQuerySchema = z.object({
  isLocked: flagParam,
});

const summaryFields = {
  id: z.number(),
  title: z.string(),
  translations: z.array(z.object({ language, title: z.string() })).optional(),
  state: z.enum(QUESTIONNAIRE_STATES),
  type: z.enum(QUESTIONNAIRE_TYPES),
  version: z.string(),
  creationDate: z.string(),
  modifiedBy: z.string(),
  modifiedDate: z.string(),
};

/** A row of GET /api/questionnaire. */
export const templateSummarySchema = z.object(summaryFields);

export const lockedStatusSchema = z.object({ currentLockerName: z.string() }).nullable();

/** GET /api/questionnaire/{id}: the whole template, with maxScore per question and who holds the editing lock. */
export const templateResponseSchema = z.object({
  ...contentFields,
  ...summaryFields,
  version: z.string(),
  title: z.string(),
  revision: z.number(),
  lockedStatus: lockedStatusSchema,
});
