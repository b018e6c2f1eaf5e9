import { z } from 'zod';
import { ASSET_CLASSES } from './template.ts';

/**
 * Reference data of the scoring model (DOMAIN.md §5): averages and decarbonisation pathways per
 * country × asset class × year for energy and carbon, averages of water and waste, and emission factors (grid electricity per
 * country × year, constant factors for gas, oil, district heating and cooling). It is data, imported
 * from CSV by the scoring model manager.
 */
export const REFERENCE_KINDS = ['average', 'pathway', 'taxonomyTop15', 'taxonomyNearlyZero', 'carbonPerKwh'] as const;
/**
 * Besides averages and pathways, the reference data of banks (DOMAIN.md §11): the EU taxonomy thresholds of primary
 * energy demand (metric `energy`, kWh/m²a: the top 15 % of the national stock, and the nearly-zero-energy building) and the
 * average carbon per kWh of final energy (metric `carbon`, kg CO2e/kWh), per country × class, from the year they hold.
 */
export const BANK_REFERENCE_KINDS = ['taxonomyTop15', 'taxonomyNearlyZero', 'carbonPerKwh'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];
/** Water and waste have averages only (DOMAIN.md §5); a pathway row of them is kept but never read. */
export const REFERENCE_METRICS = ['energy', 'carbon', 'water', 'waste'] as const;
export type ReferenceMetric = (typeof REFERENCE_METRICS)[number];
export const EMISSION_CARRIERS = ['gridElectricity', 'gas', 'oil', 'districtHeating', 'districtCooling'] as const;
export type EmissionCarrier = (typeof EMISSION_CARRIERS)[number];

export interface ReferenceValue {
  kind: ReferenceKind;
  metric: ReferenceMetric;
  country: string;
  assetClass: string;
  year: number;
  value: number;
}

export interface EmissionFactor {
  carrier: EmissionCarrier;
  /** Empty for the constant factors. */
  country: string;
  /** 0 for the constant factors. */
  year: number;
  /** kg CO2e per kWh. */
  value: number;
}

export interface ReferenceDataSet {
  name: string;
  illustrative: boolean;
  note: string;
}

/** Which reference data a virtual question type uses (spec 02 §7 `scoringtable?type`). */
export const SCORING_TABLE_TYPES = ['DW', 'DK', 'Year'] as const;
export type ScoringTableType = (typeof SCORING_TABLE_TYPES)[number];
export const kindsFor = (type: ScoringTableType): { kind: ReferenceKind; emissionFactors: boolean } =>
  type === 'DW' ? { kind: 'average', emissionFactors: false } : { kind: 'pathway', emissionFactors: type === 'Year' };

const decimal = z
  .string()
  .trim()
  .min(1, { error: 'validation-number' })
  .transform((s) => Number(s.replace(',', '.')))
  .refine((n) => Number.isFinite(n), { error: 'validation-number' });
const year = z.coerce.number().int().min(1990).max(2100);
const country = z.string().trim().toUpperCase().regex(/^[A-Z]{2,5}$/, { error: 'validation-generic' });

/** A CSV row of averages or pathways: kind;metric;country;assetClass;year;value. */
export const referenceRowSchema = z.object({
  kind: z.enum(REFERENCE_KINDS),
  metric: z.enum(REFERENCE_METRICS),
  country,
  assetClass: z.enum(ASSET_CLASSES),
  year,
  value: decimal,
});

/** A CSV row of emission factors: carrier;country;year;value (country empty and year 0 for constant factors). */
export const emissionFactorRowSchema = z.object({
  carrier: z.enum(EMISSION_CARRIERS),
  country: z.string().trim().toUpperCase().max(5).default(''),
  year: z.coerce.number().int().min(0).max(2100).default(0),
  value: decimal,
});

export const SCORING_IMPORT_KINDS = ['referenceValues', 'emissionFactors'] as const;

/** PUT /api/scoringtable: a CSV text of one kind, replacing the stored rows of that kind. */
export const scoringImportBodySchema = z.object({
  kind: z.enum(SCORING_IMPORT_KINDS),
  csv: z.string().min(1, { error: 'validation-required' }).max(5_000_000, { error: 'validation-max-length' }),
  dataSetName: z.string().trim().min(1).max(200).default('Import'),
});

export interface RowProblem {
  line: number;
  field: string;
}

/** Checks parsed CSV records; answers the rows or the first problems (line numbers count the header as 1). */
export const validateRows = <T>(schema: z.ZodType<T>, records: readonly Record<string, string>[]): { rows: T[]; problems: RowProblem[] } => {
  const rows: T[] = [];
  const problems: RowProblem[] = [];
  records.forEach((record, index) => {
    const parsed = schema.safeParse(record);
    if (parsed.success) rows.push(parsed.data);
    else problems.push({ line: index + 2, field: String(parsed.error.issues[0]?.path[0] ?? '') });
  });
  return { rows, problems: problems.slice(0, 20) };
};
