import * as E from 'fp-ts/lib/Either.js';
import type { AssetClassShare } from '../assets/asset-class-shares.ts';
import type { Provenance } from '../answering/provenance.ts';
import type { BANK_REFERENCE_KINDS } from '../questionnaires/reference-data.ts';
import type { KpiKey } from '../questionnaires/template.ts';
import { CARRIER_KPIS, type KpiFigure } from '../scoring/figures.ts';
import { BLEND_MIN_COVERAGE, blendedReference, classSharesOf, referenceSeries, type ReferenceData } from '../scoring/reference-lookup.ts';

/**
 * What the bank's figures read from the portal's data (DOMAIN.md §11): the provenances the carbon figure rests on, and
 * the reference values of an object's country × class (blended by area share for mixed use, as §5 blends averages).
 */

/**
 * The provenances of the figures an object's carbon rests on, as §5 reads it: the answered carriers where any is
 * answered, else the reported total; none where neither is answered.
 */
export const carbonProvenances = (kpi: ReadonlyMap<KpiKey, KpiFigure>, provenanceOf: (questionId: number) => Provenance): Provenance[] => {
  const carriers = Object.values(CARRIER_KPIS).flatMap((key) => {
    const figure = kpi.get(key);
    return figure ? [figure] : [];
  });
  if (carriers.length > 0) return carriers.map((f) => provenanceOf(f.questionId));
  const total = kpi.get('co2');
  return total ? [provenanceOf(total.questionId)] : [];
};

export type BankReferenceKind = (typeof BANK_REFERENCE_KINDS)[number];

/** The value of a series for a year: the latest year it holds at or before it (thresholds hold until replaced). */
const latestAtOrBefore = (series: ReadonlyMap<number, number> | undefined, year: number): number | undefined => {
  let best: number | undefined;
  for (const y of series?.keys() ?? []) if (y <= year && (best === undefined || y > best)) best = y;
  return best === undefined ? undefined : series!.get(best);
};

/**
 * A bank reference value of an object in a year: Σ share × value over its classes that have one, their shares scaled to
 * 100 %, as long as they cover at least half of the area; null below that.
 */
export const bankReference = (data: ReferenceData, kind: BankReferenceKind, country: string, assetAssetTypes: readonly AssetClassShare[], year: number): number | null => {
  const metric = kind === 'carbonPerKwh' ? 'carbon' : 'energy';
  let covered = 0;
  let sum = 0;
  for (const { assetClass, share } of classSharesOf(assetAssetTypes)) {
    const value = latestAtOrBefore(referenceSeries(data, kind, metric, country, assetClass), year);
    if (value === undefined) continue;
    covered += share;
    sum += share * value;
  }
  return covered >= BLEND_MIN_COVERAGE ? sum / covered : null;
};

/** The reference average carbon intensity of an object (kg CO2e/m²a) in the reporting year; null where the data has none. */
export const averageCarbonIntensity = (data: ReferenceData, country: string, assetAssetTypes: readonly AssetClassShare[], year: number): number | null =>
  E.getOrElseW(() => null)(E.map((values: number[]) => values[0]!)(blendedReference(data, 'average', 'carbon', country, classSharesOf(assetAssetTypes), [year])));
