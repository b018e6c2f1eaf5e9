import { z } from 'zod';
import { ASSET_CLASSES, QUESTION_TYPES, SCORE_TYPES, VIRTUAL_QUESTION_TYPES } from '../questionnaires/template.ts';
import { EMISSION_CARRIERS, REFERENCE_KINDS } from '../questionnaires/reference-data.ts';
import { CLASSIFICATIONS } from './display.ts';
import { ENERGY_CARRIERS } from './stranding.ts';
import type { GroupResult, ScoreResult } from './score.ts';
import type { GroupStructure } from './group-structure.ts';
import type { CrremReport } from './crrem-report.ts';

/**
 * The results of scoring as the API answers them (docs/scoring.md): zod schemas of `ScoreResult`, `GroupResult`,
 * `ConsumptionValues` and the stranding outcomes, so that the OpenAPI description documents every field and the
 * response check holds the server to them. Each schema is typed against core's interface (see the bottom), so a
 * field added to the types without its schema fails the typecheck.
 */

const classification = z.enum(CLASSIFICATIONS);
const ratio = z.number().nullable().describe('0 … 1; null where nothing counts (Neutral)');
const bilingual = z.object({ de: z.string(), en: z.string() });

const tally = { points: z.number(), maximum: z.number(), ratio, classification };
const tallySchema = z.object(tally);
const levelSchema = z.object({ ...tally, weight: z.number(), share: z.number().describe('the weight normalised over the siblings that count; 0 for a level that dropped out') });

const years = z.tuple([z.number(), z.number()]).readonly();
export const missingReferenceSchema = z.union([
  z.object({ kind: z.enum(REFERENCE_KINDS), metric: z.enum(['energy', 'carbon', 'water', 'waste']), country: z.string(), assetClass: z.enum(ASSET_CLASSES), years }),
  z.object({ kind: z.literal('gridFactor'), country: z.string(), years }),
  z.object({ kind: z.literal('carrierFactor'), carrier: z.enum(EMISSION_CARRIERS).exclude(['gridElectricity']), country: z.string() }),
  z.object({ kind: z.literal('assetClass') }),
  z.object({ kind: z.literal('kpiKey'), question: z.string() }),
]);

export const strandingRefusalSchema = z.union([
  z.object({ _tag: z.literal('scoring-reference-missing'), missing: z.array(missingReferenceSchema) }),
  z.object({ _tag: z.literal('scoring-reporting-year'), reportingYear: z.number() }),
  z.object({ _tag: z.literal('scoring-portfolio-empty') }),
]);

export const strandingResultSchema = z.object({
  misalignmentYear: z.number().nullable().describe('the first year above the pathway; null when never before 2051 (beyond2050)'),
  beyond2050: z.boolean(),
  years: z.array(z.object({ year: z.number(), intensity: z.number(), pathway: z.number() })),
});
const sourcedStrandingSchema = strandingResultSchema.extend({ source: z.enum(['carriers', 'reported', 'mixed']) });

export const strandingOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('computed'), result: sourcedStrandingSchema }),
  z.object({ status: z.literal('refused'), refusal: strandingRefusalSchema }),
  z.object({ status: z.literal('not-reported') }),
]);
export const strandingPairSchema = z.object({ carbon: strandingOutcomeSchema, energy: strandingOutcomeSchema });

export const virtualResultSchema = z.object({
  questionId: z.number().nullable(),
  type: z.enum(VIRTUAL_QUESTION_TYPES),
  status: z.enum(['computed', 'unanswered', 'no-parent', 'refused']),
  metric: z.enum(['energy', 'carbon', 'water', 'waste']).nullable(),
  value: z.number().nullable(),
  reference: z.object({ value: z.number(), year: z.number(), source: z.enum(['reference', 'question']) }).nullable(),
  deviation: z.number().nullable(),
  stranding: sourcedStrandingSchema.nullable(),
  factor: z.number().nullable(),
  points: z.number(),
  maximum: z.number(),
  refusal: strandingRefusalSchema.nullable(),
  why: bilingual,
});

export const questionScoreSchema = z.object({
  ...tally,
  questionId: z.number().nullable(),
  staticTitle: z.string(),
  type: z.enum(QUESTION_TYPES),
  scoreType: z.enum(SCORE_TYPES),
  taxonomyRelevant: z.boolean(),
  answer: z.object({ inputAnswer: z.number().nullable(), multipleChoiceOption: z.array(z.number()) }).nullable(),
  answered: z.boolean(),
  counted: z.boolean(),
  countedInFinance: z.boolean(),
  virtual: virtualResultSchema.nullable(),
});

const sectionScoreSchema = levelSchema.extend({ id: z.number().nullable(), finance: levelSchema, questions: z.array(questionScoreSchema) });
const categoryScoreSchema = tallySchema.extend({ id: z.number().nullable(), finance: tallySchema, sections: z.array(sectionScoreSchema) });
const clusterScoreSchema = levelSchema.extend({
  id: z.number().nullable(),
  clusterIdentifier: z.string(),
  isTaxonomyCluster: z.boolean(),
  finance: levelSchema,
  categories: z.array(categoryScoreSchema),
});

export const consumptionValuesSchema = z.object({
  finalEnergy: z.number().nullable().describe('kWh/m²/a'),
  finalEnergySource: z.enum(['reported', 'carriers']).nullable(),
  co2: z.number().nullable().describe('kg CO2e/m²/a'),
  co2Source: z.enum(['reported', 'carriers']).nullable(),
  water: z.number().nullable().describe('m³/m²/a'),
  waste: z.number().nullable().describe('kg/m²/a'),
  carriers: z.object(Object.fromEntries(ENERGY_CARRIERS.map((c) => [c, z.number()])) as Record<(typeof ENERGY_CARRIERS)[number], z.ZodNumber>),
  carriersReported: z.boolean(),
});

/** A total given beside carriers that disagrees with them by more than 2 % (core `figureWarnings`): a warning, never a refusal. */
export const figureWarningSchema = z.object({
  metric: z.enum(['energy', 'carbon']),
  total: z.number().describe('the reported total (finalEnergyTotal in kWh/m²/a, co2 in kg CO2e/m²/a)'),
  carriers: z.number().describe('the carriers’ figure: their energy sum, or the carbon of the reporting year computed from them'),
  totalQuestionId: z.number(),
  carrierQuestionIds: z.array(z.number()),
});

/** `ScoreResult` (core `score`): totals unrounded, every level and question, the "why" of virtual questions. */
export const scoreResultSchema = z.object({
  ecore: z.number().nullable().describe('ECORE score 0 … 100, unrounded; null where nothing counts'),
  ecoreClassification: classification,
  finance: z.number().nullable().describe('finance score 0 … 100 over the questions of score type Finance'),
  financeClassification: classification,
  clusters: z.array(clusterScoreSchema),
  taxonomy: z.object({ relevant: z.number(), atFullPoints: z.number(), share: z.number().nullable(), conforms: z.boolean() }),
  virtualQuestions: z.array(virtualResultSchema),
  consumption: consumptionValuesSchema,
  stranding: strandingPairSchema,
  figureWarnings: z.array(figureWarningSchema),
  referenceMissing: z.array(missingReferenceSchema),
});

/** `GroupResult` (core `groupResult`): the BGF-weighted scores, cluster ratios and taxonomy share, the portfolio projections. */
export const groupResultSchema = z.object({
  ecore: z.number().nullable(),
  ecoreClassification: classification,
  finance: z.number().nullable(),
  financeClassification: classification,
  clusters: z.array(z.object({ clusterIdentifier: z.string(), ratio, classification })),
  taxonomy: z.object({ share: z.number().nullable(), conforms: z.boolean() }),
  stranding: strandingPairSchema,
});

/** A level of `groupStructure` with its titles in both languages. */
const structureLevel = { id: z.number().nullable(), title: bilingual, ratio, classification };
export const groupStructureSchema = z.object({
  clusters: z.array(
    z.object({
      ...structureLevel,
      clusterIdentifier: z.string(),
      categories: z.array(z.object({ ...structureLevel, sections: z.array(z.object(structureLevel)) })),
    }),
  ),
});

/** The CRREM report of an object or a portfolio (docs/crrem.md). */
const figure = z.number().nullable();
const crremMetricSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('computed'), misalignmentYear: z.number().nullable().describe('null: beyond 2050'), beyond2050: z.boolean(), source: z.enum(['carriers', 'reported', 'mixed']) }),
  z.object({ status: z.literal('refused'), refusal: strandingRefusalSchema }),
  z.object({ status: z.literal('not-reported') }),
]);
export const crremReportSchema = z.object({
  area: z.number().describe('m², the floor area the excess emissions are of'),
  carbon: crremMetricSchema,
  energy: crremMetricSchema,
  years: z.array(
    z.object({
      year: z.number(),
      carbonIntensity: figure.describe('kg CO2e/m²a'),
      carbonPathway: figure.describe('kg CO2e/m²a'),
      carbonExcess: figure.describe('max(0, intensity − pathway), kg CO2e/m²a; of a portfolio its excess emissions × 1000 / area'),
      excessEmissions: figure.describe('t CO2e: max(0, intensity − pathway) × area / 1000; of a portfolio the sum of its objects’'),
      energyIntensity: figure.describe('kWh/m²a'),
      energyPathway: figure.describe('kWh/m²a'),
      energyExcess: figure.describe('max(0, intensity − pathway), kWh/m²a'),
    }),
  ),
  cumulativeExcessEmissions: figure.describe('t CO2e, Σ of the years to 2050'),
});

// The schemas and core's types describe the same values: a field added to one without the other fails the typecheck.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const SCHEMAS_MATCH_TYPES: [
  Same<z.infer<typeof scoreResultSchema>, ScoreResult>,
  Same<z.infer<typeof groupResultSchema>, GroupResult>,
  Same<z.infer<typeof groupStructureSchema>, GroupStructure>,
  Same<z.infer<typeof crremReportSchema>, CrremReport>,
] = [true, true, true, true];
