import { z } from 'zod';
import { errorSchema } from '../schemas.ts';
import { EMISSION_CARRIERS } from '@ecore/core/questionnaires/reference-data.ts';
import { figureWarningSchema } from '@ecore/core/scoring/score-schemas.ts';

// The answers of the answering calls (docs/answering.md), from which OpenAPI and the serialiser are made.

export const progressSchema = z.object({
  answered: z.number(),
  total: z.number(),
  reviewed: z.number(),
  evaluated: z.number(),
  reviewRelevant: z.number(),
  reviewRelevantAnswered: z.number(),
});

export const commentSchema = z.object({ id: z.number(), answerId: z.number().optional(), questionId: z.number().optional(), comment: z.string(), authorName: z.string(), createdAt: z.string() });

export const documentSchema = z.object({
  id: z.number(),
  answerId: z.number(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  validFrom: z.string().nullable().optional().describe("the library document's first valid day (YYYY-MM-DD), where it has one"),
  validUntil: z.string().nullable().optional().describe("the library document's last valid day (YYYY-MM-DD): expired on the questionnaire's reporting date, it does not count as evidence"),
});

export const answerSchema = z.object({
  id: z.number(),
  assetId: z.number(),
  questionId: z.number(),
  inputAnswer: z.number().nullable(),
  multipleChoiceOption: z.array(z.number()),
  isBuyerAsset: z.boolean(),
  state: z.string().nullable(),
  reviewStatus: z.string(),
  evidenceRequested: z.boolean(),
  /** The reason a rejection stands with (DOMAIN.md §1), shown to the collector beside the answer; null where none stands. */
  rejectionReason: z.string().nullable(),
  provenance: z.enum(['measured', 'estimated', 'calculated']).nullable().describe('where a figure comes from (measured: meter or bill; estimated; calculated); null for choices and empty figures'),
  modifiedBy: z.string(),
  modifiedAt: z.string(),
  comments: z.array(commentSchema),
  documents: z.array(documentSchema),
});

const translation = z.object({ language: z.string(), name: z.string() });
const optionSchema = z.object({
  id: z.number().nullable(),
  text: z.string(),
  score: z.number(),
  order: z.number(),
  isExclusive: z.boolean(),
  translations: z.array(z.object({ language: z.string(), text: z.string() })),
});
const questionSchema = z.object({
  id: z.number().nullable(),
  staticTitle: z.string(),
  type: z.string(),
  translations: z.array(z.object({ language: z.string(), title: z.string(), description: z.string(), clarification: z.string() })),
  assetTypes: z.array(z.string()),
  clusterType: z.string().nullable(),
  taxonomyRelevant: z.boolean(),
  relevantForReview: z.boolean(),
  isGreenHouseGas: z.boolean(),
  scoreType: z.string(),
  options: z.array(optionSchema),
  virtualQuestionType: z.string().nullable(),
  averageVariator: z.number().nullable(),
  parentQuestionId: z.number().nullable(),
  basicQuestion: z.boolean(),
  averageValue: z.number().nullable(),
  virtualMaxScore: z.number().nullable(),
  ambitionLevel: z.string(),
  kpiKey: z.string().nullable(),
  order: z.number(),
  maxScore: z.number().optional(),
});
const sectionSchema = z.object({ id: z.number().nullable(), translations: z.array(translation), weight: z.number(), financeWeight: z.number(), order: z.number(), questions: z.array(questionSchema) });
const categorySchema = z.object({ id: z.number().nullable(), translations: z.array(translation), order: z.number(), sections: z.array(sectionSchema) });
const clusterSchema = z.object({
  id: z.number().nullable(),
  clusterIdentifier: z.string(),
  weight: z.number(),
  financeWeight: z.number(),
  isTaxonomyCluster: z.boolean(),
  categories: z.array(categorySchema),
});

/** A filled questionnaire's lock; `lastActivity` is the holder's last refresh of it (ISO), null where nobody holds it. */
export const lockStatusSchema = z.object({ isLocked: z.boolean(), currentLockerName: z.string().nullable(), lastActivity: z.string().nullable() });

/** The 423 of a filled questionnaire another user holds: the holder's name and last activity. */
export const lockedSchema = errorSchema.extend({ lockedStatus: z.object({ currentLockerName: z.string(), lastActivity: z.string() }) });

export const filledQuestionnaireSchema = z.object({
  id: z.number(),
  assetId: z.number(),
  isBuyerAsset: z.boolean(),
  assetName: z.string(),
  assetGroupId: z.number(),
  assetGroupName: z.string(),
  questionnaireId: z.number(),
  title: z.string(),
  version: z.string(),
  type: z.string(),
  assetQuestionnaireState: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  reportingYear: z.number(),
  canChangeReportingYear: z.boolean().describe('PUT …/reportingYear is open to the caller: object administrator or prospective buyer of the owner, questionnaire Active or Declined'),
  reportingYearRange: z.object({ from: z.number(), to: z.number() }).describe('the years the reporting year may take today: 2015 up to the year before'),
  emissionFactors: z
    .object(Object.fromEntries(EMISSION_CARRIERS.map((c) => [c, z.number().nullable()])) as Record<(typeof EMISSION_CARRIERS)[number], z.ZodNullable<z.ZodNumber>>)
    .describe("the reference data's emission factors of the object's country in the reporting year (kg CO2e/kWh), with which the screens read carbon from the carriers"),
  figureWarnings: z.array(figureWarningSchema).describe('totals given beside carriers that disagree with them by more than 2 % (DOMAIN.md §5): a warning beside both figures, never a refusal'),
  declineCount: z.number(),
  lastYear: z
    .object({ assetQuestionnaireId: z.number(), reportingYear: z.number(), values: z.array(z.object({ questionId: z.number(), inputAnswer: z.number(), provenance: z.enum(['measured', 'estimated', 'calculated']).nullable() })) })
    .nullable()
    .describe("next year's questionnaire (updateType=annual): the one it followed and last year's figure of each value question, shown beside its empty input"),
  canStartNextYear: z.boolean().describe('updateType=annual is open to the caller: the latest questionnaire is Closed or Expired and the caller is object administrator or prospective buyer'),
  canEdit: z.boolean(),
  canBeSubmitted: z.boolean(),
  canBeReviewed: z.boolean(),
  canBeUpdatedToActiveQuestionnaire: z.boolean(),
  canSetGroupDefaultAnswers: z.boolean(),
  canDelete: z.boolean(),
  groupDefaults: z.object({ groupName: z.string(), questionnaireTitle: z.string(), savedAt: z.string() }).nullable(),
  lockedStatus: lockStatusSchema,
  progress: progressSchema,
  review: z.object({
    counts: z.object({ reviewed: z.number(), required: z.number(), eligible: z.number(), accepted: z.number(), rejected: z.number(), evidenceRequested: z.number() }),
    numberOfReviewedAnswers: z.number(),
    testerName: z.string().nullable(),
    testerUserId: z.number().nullable(),
    availableTransitions: z.array(z.string()),
    groupSheet: z.object({ sampled: z.boolean() }).nullable(),
  }),
  clusters: z.array(clusterSchema),
  answers: z.array(answerSchema),
});

export const simplifiedSchema = z.object({
  id: z.number(),
  questionnaireId: z.number(),
  title: z.string(),
  version: z.string(),
  assetQuestionnaireState: z.string(),
  createdAt: z.string(),
  progress: z.object({ answered: z.number(), total: z.number() }),
});

export const changeSchema = z.object({
  id: z.number(),
  questionId: z.number(),
  kind: z.string(),
  userName: z.string(),
  at: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  note: z.string(),
});
