import type { EmissionFactor, ReferenceDataSet, ReferenceValue, SCORING_IMPORT_KINDS } from '@ecore/core/questionnaires/reference-data.ts';
import type { ApiFieldError } from '../../lib/api-client.ts';

export type ScoringImportKind = (typeof SCORING_IMPORT_KINDS)[number];

/** GET /api/scoringtable?type= as the server answers it. */
export interface ScoringTable {
  type: 'DW' | 'DK' | 'Year';
  dataSet: ReferenceDataSet | null;
  values: ReferenceValue[];
  emissionFactors: EmissionFactor[];
  emissionFactorSet: ReferenceDataSet | null;
}

/** The header line each import kind expects (the server's CSV columns). */
export const CSV_HEADERS: Record<ScoringImportKind, string> = {
  referenceValues: 'kind;metric;country;assetClass;year;value',
  emissionFactors: 'carrier;country;year;value',
};

export interface ReferenceDataOverview {
  referenceValues: ReferenceDataSet | null;
  emissionFactors: ReferenceDataSet | null;
  averages: number;
  pathways: number;
  emissionFactorRows: number;
  /** Country × asset class pairs that have averages or pathways. */
  combinations: number;
}

/** What the read-only view shows, from the answers for DW (averages) and Year (pathways and emission factors). */
export const referenceDataOverview = (averages: ScoringTable, pathways: ScoringTable): ReferenceDataOverview => ({
  referenceValues: pathways.dataSet ?? averages.dataSet,
  emissionFactors: pathways.emissionFactorSet,
  averages: averages.values.filter((v) => v.kind === 'average').length,
  pathways: pathways.values.filter((v) => v.kind === 'pathway').length,
  emissionFactorRows: pathways.emissionFactors.length,
  combinations: new Set([...averages.values, ...pathways.values].map((v) => `${v.country}/${v.assetClass}`)).size,
});

export interface RowError {
  line: number;
  column: string;
}

/** The server names refused rows as fields `rows.<line>.<column>`; other fields are not row errors. */
export const rowErrors = (fields: readonly ApiFieldError[]): RowError[] =>
  fields.flatMap((f) => {
    const match = /^rows\.(\d+)\.(.*)$/.exec(f.path);
    return match ? [{ line: Number(match[1]), column: match[2] ?? '' }] : [];
  });

/** Whether the pasted text starts with the header line the chosen kind needs (a hint before sending). */
export const headerMatches = (kind: ScoringImportKind, csv: string): boolean => {
  const first = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const columns = first.split(/[;,]/).map((c) => c.trim().toLowerCase());
  return CSV_HEADERS[kind].toLowerCase().split(';').every((c) => columns.includes(c));
};
