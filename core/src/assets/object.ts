import { z } from 'zod';
import { OBJECT_CATEGORIES } from '../questionnaires/template.ts';
import type { EpcFields } from '../banks/epc.ts';
import { epcBodyShape } from '../banks/epc-schema.ts';
import { isCountryCode } from '../shared/countries.ts';
import { MAX_INT, idValue, intValue } from '../shared/schemas.ts';

/** Spec 02 §3 enumerations of the object form. */
export const FEATURE_QUALITIES = ['Low', 'Mid', 'High'] as const;
export const HISTORIC_PROTECTIONS = ['NoStatement', 'None', 'Facade', 'SelectedAreas', 'FacadeAndSelectedAreas'] as const;
export const PROJECT_CATEGORIES = ['GreenfieldDevelopment', 'DemolitionAndNewConstruction', 'BrownfieldDevelopment', 'Redensification', 'RedevelopmentOfExistingBuildings'] as const;
/** HOAI project stages LP1 to LP9. */
export const PROJECT_STAGES = [
  'BasicEvaluation',
  'PreliminaryPlanning',
  'DesignPlanning',
  'ApprovalPlanning',
  'ImplementationPlanning',
  'PreparationForAwardOfContract',
  'ParticipationInAwardingTheContract',
  'ObjectSupervisionConstructionSupervisionAndDocumentation',
  'ObjectSupervision',
] as const;
export { OBJECT_CATEGORIES };

/** KPI labels the form shows beside the area and usage figures (spec 02 §3). */
export const KPI_LABELS = {
  assetTotalArea: '1-1',
  usableArea: '1-2',
  rentalArea: '2-1',
  netRoomArea: '2-2',
  conditionedArea: '3-1',
  rentingPeople: '5-1',
  ipms2: '5-2',
  constructionYear: '5-3',
  renovationYear: '5-4',
  featureQuality: '5-5',
} as const;

export const OBJECT_DEFAULTS = {
  featureQuality: 'Low',
  historicProtection: 'NoStatement',
  conditionsAndEnvironmentGoals: 'StockAndClimateProtection',
} as const;

const text = (max = 200) => z.string({ error: 'validation-required' }).trim().min(1, { error: 'validation-required' }).max(max, { error: 'validation-max-length' });
const optionalText = (max = 500) => z.string().trim().max(max, { error: 'validation-max-length' }).nullish().transform((v) => v ?? null);
const area = () => z.number({ error: 'validation-number' }).finite({ error: 'validation-number' }).min(0, { error: 'validation-number' }).max(1e9, { error: 'validation-number' });
/** Optional numbers default to 0 (spec 02 §3). */
const optionalArea = () => area().nullish().transform((v) => v ?? 0);
const year = () => z.number({ error: 'validation-number' }).int({ error: 'validation-number' }).min(1000, { error: 'validation-generic' }).max(2100, { error: 'validation-generic' }).nullish().transform((v) => v ?? null);
const isoDate = () => z.iso.date({ error: 'validation-generic' }).nullish().transform((v) => v ?? null);

/** The object payload of POST and PUT asset (spec 02 §3 "Object", §5). */
export const assetBodySchema = z.object({
  id: idValue.optional(),
  /** Optimistic locking: the version read; a stale one answers 409. */
  version: intValue(1).optional(),
  objectName: text(),
  /** The owner's own reference, unique within the organisation; imports match objects on it (DOMAIN.md §10). */
  // Absent: left as stored (callers that predate the field); empty: removed.
  externalId: z.string().trim().max(100, { error: 'validation-max-length' }).nullish().transform((v) => (v === '' ? null : v)),
  // Bounded like every id (issue 18): a larger one reached the database, which refused it without naming the field.
  assetGroupId: z.number({ error: 'validation-required' }).int().positive({ error: 'validation-required' }).max(MAX_INT, { error: 'validation-required' }),
  isBuyerAsset: z.boolean().default(false),
  country: text(10).refine(isCountryCode, { error: 'validation-generic' }),
  city: text(),
  zip: text(20),
  street: text(),
  streetNumber: text(20),
  constructionYear: year(),
  renovationYear: year(),
  featureQuality: z.enum(FEATURE_QUALITIES).default(OBJECT_DEFAULTS.featureQuality),
  assetTotalArea: area().refine((v) => v > 0, { error: 'validation-number' }),
  usableArea: optionalArea(),
  rentingPeople: z.number({ error: 'validation-number' }).int({ error: 'validation-number' }).min(0).max(1e7).nullish().transform((v) => v ?? 0),
  historicProtection: z.enum(HISTORIC_PROTECTIONS).default(OBJECT_DEFAULTS.historicProtection),
  ipms2: optionalArea(),
  conditionsAndEnvironmentGoals: z.enum(OBJECT_CATEGORIES, { error: 'validation-required' }).default(OBJECT_DEFAULTS.conditionsAndEnvironmentGoals),
  conditionedArea: optionalArea(),
  projectCharacteristics: z.enum(PROJECT_CATEGORIES).nullish().transform((v) => v ?? null),
  projectStatus: z.enum(PROJECT_STAGES).nullish().transform((v) => v ?? null),
  determinationStartDate: isoDate(),
  acceptanceDate: isoDate(),
  handoverDate: isoDate(),
  planningPermissionDate: isoDate(),
  netRoomArea: optionalArea(),
  rentalArea: optionalArea(),
  description: optionalText(),
  assetAssetTypes: z
    .array(z.object({ assetTypeId: z.number({ error: 'validation-required' }).int(), percentage: z.number({ error: 'validation-number' }) }))
    .max(12),
  /** The energy performance certificate (DOMAIN.md §11); the rules between its fields are core `epcProblems`. */
  ...epcBodyShape,
});
export type AssetBody = z.infer<typeof assetBodySchema>;

// Numbers in the user's locale, without zod, so that lists can show them without loading the object form's schema.
export { formatLocaleNumber, parseLocaleNumber } from '../shared/locale-number.ts';

/** An object as the API answers it (spec 02 §3 "Object"). */
export interface AssetView extends EpcFields {
  id: number;
  version: number;
  organisationId: number;
  organisationName: string;
  /** The owner company, read-only in the form: the organisation of the object's group. */
  ownerCompany: string;
  assetGroupName: string;
  createdAt: string;
  createdBy: string | null;
  /** The state of the latest filled questionnaire; null: not started (DOMAIN.md §9). */
  status: string | null;
  score: number | null;
  /** The latest filled questionnaire: its id, the template version it runs on and its progress (issue 13). */
  questionnaireId: number | null;
  questionnaireVersion: string | null;
  progress: { answered: number; total: number } | null;
  objectName: string;
  externalId: string | null;
  assetGroupId: number;
  isBuyerAsset: boolean;
  country: string;
  city: string;
  zip: string;
  street: string;
  streetNumber: string;
  constructionYear: number | null;
  renovationYear: number | null;
  featureQuality: (typeof FEATURE_QUALITIES)[number];
  assetTotalArea: number;
  usableArea: number;
  rentingPeople: number;
  historicProtection: (typeof HISTORIC_PROTECTIONS)[number];
  ipms2: number;
  conditionsAndEnvironmentGoals: (typeof OBJECT_CATEGORIES)[number];
  conditionedArea: number;
  projectCharacteristics: (typeof PROJECT_CATEGORIES)[number] | null;
  projectStatus: (typeof PROJECT_STAGES)[number] | null;
  determinationStartDate: string | null;
  acceptanceDate: string | null;
  handoverDate: string | null;
  planningPermissionDate: string | null;
  netRoomArea: number;
  rentalArea: number;
  description: string | null;
  assetAssetTypes: { assetTypeId: number; percentage: number }[];
  testerUserId: number | null;
  /** The assigned tester's name (job management, issue 14). */
  testerName: string | null;
  grantedOrganisationIds: number[];
}
