/** Spec 02 §5: a renovation counts above 25 % of the envelope, from 30 % less primary energy, or above 25 % of the building value. */
export const RENOVATION_ENVELOPE_SHARE = 25;
export const RENOVATION_PRIMARY_ENERGY_REDUCTION = 30;
export const RENOVATION_COST_SHARE = 25;
/** The taxonomy window: new construction under 3 years old, or renovation within 3 years. */
export const TAXONOMY_WINDOW_YEARS = 3;

export interface RenovationFacts {
  /** Share of the building envelope renovated, in percent. */
  envelopeRenovatedPercent?: number | null;
  /** Reduction of the primary energy demand, in percent. */
  primaryEnergyReductionPercent?: number | null;
  /** Cost of the renovation as a share of the building value, in percent. */
  costSharePercent?: number | null;
}

/** Whether a renovation counts as one (major renovation in the sense of the EU taxonomy). */
export const renovationCounts = (facts: RenovationFacts): boolean =>
  (facts.envelopeRenovatedPercent ?? 0) > RENOVATION_ENVELOPE_SHARE ||
  (facts.primaryEnergyReductionPercent ?? 0) >= RENOVATION_PRIMARY_ENERGY_REDUCTION ||
  (facts.costSharePercent ?? 0) > RENOVATION_COST_SHARE;

/**
 * Whether the object falls into the taxonomy's new-construction or renovation window in the reference
 * year: built less than 3 years before it ("under 3 years old"), or renovated at most 3 years before it
 * ("within 3 years").
 */
export const inTaxonomyWindow = (
  object: { constructionYear: number | null; renovationYear: number | null },
  referenceYear: number,
): { newConstruction: boolean; renovation: boolean } => ({
  newConstruction:
    object.constructionYear !== null && object.constructionYear <= referenceYear && referenceYear - object.constructionYear < TAXONOMY_WINDOW_YEARS,
  renovation:
    object.renovationYear !== null && object.renovationYear <= referenceYear && referenceYear - object.renovationYear <= TAXONOMY_WINDOW_YEARS,
});
