import * as E from 'fp-ts/Either';
import type { KpiKey } from '../questionnaires/template.ts';
import { figureWarningsOf, type Carriers, type KpiFigure } from './figures.ts';
import type { MissingReference, ReferenceData } from './reference-lookup.ts';
import type { ConsumptionValues, ScoreResult, ScoringObject, StrandingOutcome } from './score-model.ts';
import { carbonFromFactors, energyIntensity, yearFactors, type StrandingRefusal, type StrandingResult } from './stranding.ts';
import type { ProjectionSource, VirtualContext } from './virtual-questions.ts';

// The consumption values and the carbon and energy stranding projections of a score (DOMAIN.md §5).

export const mergeOutcomeMissing = (outcomes: readonly StrandingOutcome[]): MissingReference[] =>
  outcomes.flatMap((o) => (o.status === 'refused' && o.refusal._tag === 'scoring-reference-missing' ? o.refusal.missing : []));

const makeOutcome = (projected: E.Either<StrandingRefusal, StrandingResult>, source: ProjectionSource): StrandingOutcome =>
  E.isLeft(projected) ? { status: 'refused', refusal: projected.left } : { status: 'computed', result: { ...projected.right, source } };

const outcomes = new WeakMap<object, Map<ProjectionSource, StrandingOutcome>>();
/**
 * A stranding outcome of a projection and its source; of a shared (frozen) projection made once and shared too, frozen,
 * so that scores of the same figures hold the very same outcome (a stored score's text is then made once).
 */
export const outcomeOf = (projected: E.Either<StrandingRefusal, StrandingResult>, source: ProjectionSource): StrandingOutcome => {
  if (!Object.isFrozen(projected)) return makeOutcome(projected, source);
  let bySource = outcomes.get(projected);
  if (!bySource) outcomes.set(projected, (bySource = new Map()));
  let outcome = bySource.get(source);
  if (!outcome) bySource.set(source, (outcome = Object.freeze(makeOutcome(projected, source))));
  return outcome;
};

export const NOT_REPORTED: StrandingOutcome = Object.freeze({ status: 'not-reported' });
const strandings = new WeakMap<StrandingOutcome, WeakMap<StrandingOutcome, ScoreResult['stranding']>>();
/** Both stranding outcomes together, the same frozen object for the same two (shared) outcomes. */
export const strandingOf = (carbon: StrandingOutcome, energy: StrandingOutcome): ScoreResult['stranding'] => {
  if (!Object.isFrozen(carbon) || !Object.isFrozen(energy)) return { carbon, energy };
  let byEnergy = strandings.get(carbon);
  if (!byEnergy) strandings.set(carbon, (byEnergy = new WeakMap()));
  let both = byEnergy.get(energy);
  if (!both) byEnergy.set(energy, (both = Object.freeze({ carbon, energy })));
  return both;
};

/**
 * The consumption values and both stranding projections: carriers before totals, for carbon and energy alike
 * (DOMAIN.md §5, "Figures given twice"): where any carrier is answered the carriers are the figure, else the reported
 * total stands, projected flat. The warnings name totals that disagree with their carriers.
 */
export const consumptionOf = (
  figures: ReadonlyMap<KpiKey, KpiFigure>,
  { energy, reported: carriersReported }: Carriers,
  project: VirtualContext['project'],
  referenceData: ReferenceData,
  object: Pick<ScoringObject, 'country' | 'reportingYear'>,
): Pick<ScoreResult, 'consumption' | 'stranding' | 'figureWarnings'> & { missing: MissingReference[] } => {
  const co2Reported = figures.get('co2')?.value;
  const energyReported = figures.get('finalEnergyTotal')?.value;
  const projection = (metric: 'carbon' | 'energy', reported: number | undefined): StrandingOutcome =>
    carriersReported
      ? outcomeOf(project(metric, { carriers: true }), 'carriers')
      : reported !== undefined
        ? outcomeOf(project(metric, { flat: reported }), 'reported')
        : NOT_REPORTED;
  const carbon = projection('carbon', co2Reported);
  const energyOutcome = projection('energy', energyReported);
  const finalEnergy = carriersReported ? energyIntensity(energy) : (energyReported ?? null);
  const factors = yearFactors(referenceData, object.country, object.reportingYear);
  const co2 = carriersReported ? carbonFromFactors(energy, factors) : (co2Reported ?? null);
  const consumption: ConsumptionValues = {
    finalEnergy,
    finalEnergySource: finalEnergy === null ? null : carriersReported ? 'carriers' : 'reported',
    co2,
    co2Source: co2 === null ? null : carriersReported ? 'carriers' : 'reported',
    water: figures.get('water')?.value ?? null,
    waste: figures.get('waste')?.value ?? null,
    carriers: energy,
    carriersReported,
  };
  return { consumption, stranding: strandingOf(carbon, energyOutcome), figureWarnings: figureWarningsOf(figures, factors), missing: mergeOutcomeMissing([carbon, energyOutcome]) };
};
