import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { z } from 'zod';
import { shareProblems, type AssetClassShare, type ShareProblem } from '../assets/asset-class-shares.ts';
import { isCountryCode } from '../shared/countries.ts';
import type { EmissionCarrier } from '../questionnaires/reference-data.ts';
import type { Language } from '../shared/language.ts';
import {
  blendedReference,
  carrierFactor,
  classSharesOf,
  describeMissing,
  gridFactors,
  referenceMissing,
  type MissingReference,
  type ReferenceData,
  type ScoringReferenceMissing,
} from './reference-lookup.ts';

/** The CRREM projection runs to this year; a path not left by then is "beyond 2050" (DOMAIN.md §5). */
export const STRANDING_LAST_YEAR = 2050;
/** The earliest reporting year the calculator takes (issue 15). */
export const REPORTING_YEAR_MIN = 2015;

/**
 * Final energy per carrier in kWh/m²/a (DOMAIN.md §5): grid electricity, gas, oil, district heating and
 * cooling, on-site renewables consumed and exported.
 */
export const ENERGY_CARRIERS = ['gridElectricity', 'gas', 'oil', 'districtHeating', 'districtCooling', 'renewablesConsumed', 'renewablesExported'] as const;
export type EnergyCarrier = (typeof ENERGY_CARRIERS)[number];
export type EnergyUse = Record<EnergyCarrier, number>;

/** The carriers with a constant emission factor. */
const CONSTANT_CARRIERS = ['gas', 'oil', 'districtHeating', 'districtCooling'] as const;

export const noEnergy = (): EnergyUse => ({ gridElectricity: 0, gas: 0, oil: 0, districtHeating: 0, districtCooling: 0, renewablesConsumed: 0, renewablesExported: 0 });

/** One year of a projection: the object's intensity and the pathway it is held against. */
export interface StrandingYear {
  year: number;
  intensity: number;
  pathway: number;
}

/**
 * A projection with its stranding point (CRREM's "misalignment year"): the first year whose intensity lies
 * above the pathway, or `null` with `beyond2050` where the object stays on or below the pathway to 2050 (shown
 * as "beyond 2050", never as 2050).
 */
export interface StrandingResult {
  misalignmentYear: number | null;
  beyond2050: boolean;
  years: StrandingYear[];
}

export interface AssetStranding {
  carbon: StrandingResult;
  energy: StrandingResult;
}

/** The refusals of the stranding computation: reference data missing, or a reporting year after 2050. */
export type StrandingRefusal = ScoringReferenceMissing | { _tag: 'scoring-reporting-year'; reportingYear: number } | { _tag: 'scoring-portfolio-empty' };

/** The years of a projection: from the reporting year to 2050, one each. */
export const projectionYears = (reportingYear: number): number[] =>
  Array.from({ length: Math.max(0, STRANDING_LAST_YEAR - reportingYear + 1) }, (_, i) => reportingYear + i);

/**
 * The stranding point of a projection: the first year whose intensity exceeds the pathway (strictly: on the
 * pathway is still on it); none, beyond 2050, where no year does.
 */
export const misalignmentOf = (years: readonly StrandingYear[]): Pick<StrandingResult, 'misalignmentYear' | 'beyond2050'> => {
  const first = years.find((y) => y.intensity > y.pathway);
  return first ? { misalignmentYear: first.year, beyond2050: false } : { misalignmentYear: null, beyond2050: true };
};

export const strandingOf = (years: readonly StrandingYear[]): StrandingResult => ({ ...misalignmentOf(years), years: [...years] });

/**
 * Energy intensity (DOMAIN.md §5): grid + gas + oil + district heating + district cooling + on-site renewables
 * consumed, constant over the years; exported renewables are not subtracted.
 */
export const energyIntensity = (energy: EnergyUse): number =>
  energy.gridElectricity + energy.gas + energy.oil + energy.districtHeating + energy.districtCooling + energy.renewablesConsumed;

/**
 * Carbon intensity per year (DOMAIN.md §5), kg CO2e/m²/a:
 * carbon(t) = grid × f_grid(country, t) + Σ carrier × f_carrier − min(exported × f_grid(country, t), grid × f_grid(country, t)).
 * On-site renewables consumed count zero. A factor is needed only for a carrier that is used: no grid
 * electricity needs no grid factor (the export credit is then zero too). Refuses naming every missing factor.
 */
export const carbonIntensities = (data: ReferenceData, country: string, energy: EnergyUse, years: readonly number[]): Either<ScoringReferenceMissing, number[]> => {
  const missing: MissingReference[] = [];
  let constant = 0;
  for (const carrier of CONSTANT_CARRIERS) {
    if (energy[carrier] === 0) continue;
    const factor = carrierFactor(data, carrier, country);
    if (factor === undefined) missing.push({ kind: 'carrierFactor', carrier, country: '' });
    else constant += energy[carrier] * factor;
  }
  const factors = gridFactors(data, country);
  const curve = years.map((year) => {
    if (energy.gridElectricity === 0) return constant;
    const factor = factors?.get(year);
    if (factor === undefined) {
      missing.push({ kind: 'gridFactor', country, years: [year, year] });
      return 0;
    }
    return carbonOfYear(energy, factor, constant);
  });
  return missing.length > 0 ? E.left(referenceMissing(missing)) : E.right(curve);
};

/** carbon(t) of one year from its grid factor and the constant carriers' emissions already summed (the formula above). */
const carbonOfYear = (energy: EnergyUse, gridFactor: number, constant: number): number => {
  const grid = energy.gridElectricity * gridFactor;
  return grid + constant - Math.min(energy.renewablesExported * gridFactor, grid);
};

/** The emission factors of one country and year (kg CO2e/kWh), null where the data has none: what the answering screen needs to read carbon from the carriers. */
export type YearFactors = Record<EmissionCarrier, number | null>;

export const yearFactors = (data: ReferenceData, country: string, year: number): YearFactors => ({
  gridElectricity: gridFactors(data, country)?.get(year) ?? null,
  gas: carrierFactor(data, 'gas', country) ?? null,
  oil: carrierFactor(data, 'oil', country) ?? null,
  districtHeating: carrierFactor(data, 'districtHeating', country) ?? null,
  districtCooling: carrierFactor(data, 'districtCooling', country) ?? null,
});

/**
 * The carbon intensity of one year from the carriers and that year's factors (the formula of `carbonIntensities`),
 * null where a carrier in use has no factor.
 */
export const carbonFromFactors = (energy: EnergyUse, factors: YearFactors): number | null => {
  let constant = 0;
  for (const carrier of CONSTANT_CARRIERS) {
    if (energy[carrier] === 0) continue;
    const factor = factors[carrier];
    if (factor === null) return null;
    constant += energy[carrier] * factor;
  }
  if (energy.gridElectricity === 0) return constant;
  return factors.gridElectricity === null ? null : carbonOfYear(energy, factors.gridElectricity, constant);
};

/** What a projection is computed for: where, which classes in which shares, from which year. */
export interface ProjectionSubject {
  reportingYear: number;
  country: string;
  assetAssetTypes: readonly AssetClassShare[];
}

const reportingYearRefusal = (reportingYear: number): StrandingRefusal | null =>
  Number.isInteger(reportingYear) && reportingYear <= STRANDING_LAST_YEAR ? null : { _tag: 'scoring-reporting-year', reportingYear };

/**
 * A projection against the area-share blend of the object's pathways of one metric, from intensities already
 * known per year (flat figures or the carbon formula). Refuses naming the pathway years and classes missing.
 */
export const projectAgainstPathway = (
  data: ReferenceData,
  subject: ProjectionSubject,
  metric: 'energy' | 'carbon',
  intensities: (years: readonly number[]) => Either<ScoringReferenceMissing, number[]>,
): Either<StrandingRefusal, StrandingResult> => {
  const yearRefusal = reportingYearRefusal(subject.reportingYear);
  if (yearRefusal) return E.left(yearRefusal);
  const years = projectionYears(subject.reportingYear);
  const pathway = blendedReference(data, 'pathway', metric, subject.country, classSharesOf(subject.assetAssetTypes), years);
  const values = intensities(years);
  if (E.isLeft(pathway) || E.isLeft(values)) {
    return E.left(referenceMissing([...(E.isLeft(values) ? values.left.missing : []), ...(E.isLeft(pathway) ? pathway.left.missing : [])]));
  }
  return E.right(strandingOf(years.map((year, i) => ({ year, intensity: values.right[i]!, pathway: pathway.right[i]! }))));
};

/** A figure reported only as a total (a CO2 or final-energy total) is projected flat (DOMAIN.md §5). */
export const flatStranding = (data: ReferenceData, subject: ProjectionSubject, metric: 'energy' | 'carbon', intensity: number): Either<StrandingRefusal, StrandingResult> =>
  projectAgainstPathway(data, subject, metric, (years) => E.right(years.map(() => intensity)));

/** An object of the stranding calculator, or an object whose carriers are answered. */
export interface StrandingAsset extends ProjectionSubject {
  area: number;
  energy: EnergyUse;
}

/** The carbon projection of an object from its energy per carrier. */
export const carbonStranding = (data: ReferenceData, asset: ProjectionSubject & { energy: EnergyUse }): Either<StrandingRefusal, StrandingResult> =>
  projectAgainstPathway(data, asset, 'carbon', (years) => carbonIntensities(data, asset.country, asset.energy, years));

/** The energy projection of an object from its energy per carrier (constant). */
export const energyStranding = (data: ReferenceData, asset: ProjectionSubject & { energy: EnergyUse }): Either<StrandingRefusal, StrandingResult> =>
  flatStranding(data, asset, 'energy', energyIntensity(asset.energy));

const joinRefusals = (refusals: readonly StrandingRefusal[]): StrandingRefusal => {
  const other = refusals.find((r) => r._tag !== 'scoring-reference-missing');
  if (other) return other;
  return referenceMissing(refusals.flatMap((r) => (r._tag === 'scoring-reference-missing' ? r.missing : [])));
};

/** Both projections of one object; refuses with everything that is missing for either. */
export const assetStranding = (data: ReferenceData, asset: ProjectionSubject & { energy: EnergyUse }): Either<StrandingRefusal, AssetStranding> => {
  const carbon = carbonStranding(data, asset);
  const energy = energyStranding(data, asset);
  if (E.isRight(carbon) && E.isRight(energy)) return E.right({ carbon: carbon.right, energy: energy.right });
  return E.left(joinRefusals([carbon, energy].flatMap((r) => (E.isLeft(r) ? [r.left] : []))));
};

/**
 * Area-weighted curves of a portfolio (DOMAIN.md §5): value(t) = Σ area_i × value_i(t) / Σ area_i, for
 * intensities and pathways alike, then the stranding point of those curves. Objects without area weigh
 * nothing. Where reporting years differ, the portfolio starts at the latest one, the first year every object
 * has a value for.
 */
export const portfolioCurve = (parts: readonly { area: number; result: StrandingResult }[]): Either<StrandingRefusal, StrandingResult> => {
  const weighed = parts.filter((p) => Number.isFinite(p.area) && p.area > 0 && p.result.years.length > 0);
  if (weighed.length === 0) return E.left({ _tag: 'scoring-portfolio-empty' });
  const total = weighed.reduce((sum, p) => sum + p.area, 0);
  // Weights as fractions, so that a portfolio of one weighs its object by exactly 1.
  const weights = weighed.map((p) => p.area / total);
  const from = Math.max(...weighed.map((p) => p.result.years[0]!.year));
  const years = projectionYears(from).map((year) => {
    let intensity = 0;
    let pathway = 0;
    weighed.forEach((p, i) => {
      const row = p.result.years.find((y) => y.year === year)!;
      intensity += weights[i]! * row.intensity;
      pathway += weights[i]! * row.pathway;
    });
    return { year, intensity, pathway };
  });
  return E.right(strandingOf(years));
};

/** Both portfolio curves from the objects' results. */
export const portfolioOf = (parts: readonly { area: number; result: AssetStranding }[]): Either<StrandingRefusal, AssetStranding> => {
  const carbon = portfolioCurve(parts.map((p) => ({ area: p.area, result: p.result.carbon })));
  const energy = portfolioCurve(parts.map((p) => ({ area: p.area, result: p.result.energy })));
  if (E.isLeft(carbon)) return carbon;
  if (E.isLeft(energy)) return energy;
  return E.right({ carbon: carbon.right, energy: energy.right });
};

export interface PortfolioStranding extends AssetStranding {
  assets: AssetStranding[];
}

/**
 * The stranding calculator's portfolio: each object's projections and the area-weighted ones of the whole.
 * Refuses with everything missing for any object.
 */
export const portfolioStranding = (data: ReferenceData, assets: readonly StrandingAsset[]): Either<StrandingRefusal, PortfolioStranding> => {
  const results = assets.map((asset) => assetStranding(data, asset));
  const refusals = results.flatMap((r) => (E.isLeft(r) ? [r.left] : []));
  if (refusals.length > 0) return E.left(joinRefusals(refusals));
  const each = results.map((r) => (r as E.Right<AssetStranding>).right);
  const whole = portfolioOf(assets.map((asset, i) => ({ area: asset.area, result: each[i]! })));
  return E.isLeft(whole) ? whole : E.right({ ...whole.right, assets: each });
};

// The calculator's input (issue 15): POST /api/scoring/stranding and …/portfolio.

/** The message key of each asset-class problem, as the calculator names it (the rule itself is the object form's). */
export const calculatorShareKey = (problem: ShareProblem): 'scoring-calculator-asset-class' | 'objectGroups-create-error-assettype-duplicate' | 'objectGroups-create-error-percentages' =>
  problem.kind === 'classMissing' ? 'scoring-calculator-asset-class' : problem.kind === 'duplicate' ? 'objectGroups-create-error-assettype-duplicate' : 'objectGroups-create-error-percentages';

const sharePath = (problem: ShareProblem): (string | number)[] =>
  problem.kind === 'classMissing' ? ['assetAssetTypes', problem.row, 'assetTypeId'] : problem.kind === 'duplicate' || problem.kind === 'percentageRange' ? ['assetAssetTypes', problem.row, 'percentage'] : ['assetAssetTypes'];

const figure = (key: string) => z.number({ error: 'validation-number' }).finite({ error: 'validation-number' }).min(0, { error: key });
const carrierFigure = () => figure('scoring-calculator-energy').max(1e6, { error: 'validation-number' }).default(0);

const energySchema = z
  .object(Object.fromEntries(ENERGY_CARRIERS.map((c) => [c, carrierFigure()])) as Record<EnergyCarrier, ReturnType<typeof carrierFigure>>)
  .default(noEnergy());

const assetFields = {
  country: z.string({ error: 'scoring-calculator-country' }).trim().toUpperCase().refine(isCountryCode, { error: 'scoring-calculator-country' }),
  assetAssetTypes: z
    .array(z.object({ assetTypeId: z.number({ error: 'scoring-calculator-asset-class' }).int({ error: 'scoring-calculator-asset-class' }), percentage: z.number({ error: 'validation-number' }).finite({ error: 'validation-number' }) }), {
      error: 'objectGroups-create-error-percentages',
    })
    .max(20, { error: 'objectGroups-create-error-percentages' })
    .superRefine((rows, ctx) => {
      for (const problem of shareProblems(rows)) ctx.addIssue({ code: 'custom', message: calculatorShareKey(problem), path: sharePath(problem).slice(1) });
    }),
  area: z.number({ error: 'validation-number' }).finite({ error: 'validation-number' }).gt(0, { error: 'scoring-calculator-area' }).max(1e9, { error: 'validation-number' }),
  energy: energySchema,
};

const reportingYear = z
  .number({ error: 'scoring-calculator-reporting-year' })
  .int({ error: 'scoring-calculator-reporting-year' })
  .min(REPORTING_YEAR_MIN, { error: 'scoring-calculator-reporting-year' })
  .max(STRANDING_LAST_YEAR, { error: 'scoring-calculator-reporting-year' });

/**
 * POST /api/scoring/stranding: `{ reportingYear, country, assetAssetTypes, area, energy }` with the reporting
 * year 2015–2050, a country of the list, asset-class shares by the object form's rule (known classes, each
 * once, whole numbers adding up to 100), an area above 0 (nothing divides by zero) and energy per carrier in
 * kWh/m²/a, never negative, missing carriers 0. Each issue's message is its message key.
 */
export const strandingBodySchema = z.object({ reportingYear, ...assetFields });
export type StrandingBody = z.infer<typeof strandingBodySchema>;

/** POST /api/scoring/stranding/portfolio: one reporting year and one to 1 000 objects of the same shape. */
export const strandingPortfolioBodySchema = z.object({
  reportingYear,
  assets: z.array(z.object(assetFields), { error: 'validation-required' }).min(1, { error: 'validation-required' }).max(1000, { error: 'validation-generic' }),
});
export type StrandingPortfolioBody = z.infer<typeof strandingPortfolioBodySchema>;

/** A field error as the API answers it in `fields`: the dotted path and the message key. */
export interface CalculatorFieldError {
  path: string;
  key: string;
}

/** The issues of a failed parse as field errors (`assetAssetTypes.1.percentage`, `energy.gas`, …). */
export const calculatorFieldErrors = (error: z.ZodError): CalculatorFieldError[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), key: issue.message }));

/** Parses a calculator body into the objects the projection takes, or answers the field errors. */
export const parseStrandingBody = (input: unknown): Either<CalculatorFieldError[], StrandingAsset> => {
  const parsed = strandingBodySchema.safeParse(input);
  return parsed.success ? E.right(parsed.data) : E.left(calculatorFieldErrors(parsed.error));
};

export const parseStrandingPortfolioBody = (input: unknown): Either<CalculatorFieldError[], StrandingAsset[]> => {
  const parsed = strandingPortfolioBodySchema.safeParse(input);
  return parsed.success ? E.right(parsed.data.assets.map((asset) => ({ ...asset, reportingYear: parsed.data.reportingYear }))) : E.left(calculatorFieldErrors(parsed.error));
};

/**
 * The message of a refusal: its `_tag` is the key (`scoring-reference-missing`, `scoring-reporting-year`,
 * `scoring-portfolio-empty`), and these are its placeholders in the language.
 */
export const refusalParams = (refusal: StrandingRefusal, language: Language): Record<string, string | number> =>
  refusal._tag === 'scoring-reference-missing' ? { what: describeMissing(refusal.missing, language) } : refusal._tag === 'scoring-reporting-year' ? { year: refusal.reportingYear } : {};
