import type { Id } from '../questionnaires/template.ts';
import { classify, type Classification } from './display.ts';
import { clamp } from './levels.ts';
import { outcomeOf } from './projections.ts';
import type { ClusterScore, ScoreResult, StrandingOutcome, TaxonomyConformity } from './score-model.ts';
import { portfolioCurve } from './stranding.ts';

// A group's score and results, from its objects' stored score summaries (DOMAIN.md §5).

/**
 * The score of a group (DOMAIN.md §5): the mean of its objects' scores weighted by gross floor area (BGF).
 * Objects without a score or without area weigh nothing; null where none is left. Kept within the lowest and
 * highest object score (floating-point sums may stray by a unit of the last place).
 */
export const groupScore = (objects: readonly { area: number; score: number | null }[]): number | null => {
  const weighed = objects.filter((o): o is { area: number; score: number } => o.score !== null && Number.isFinite(o.score) && Number.isFinite(o.area) && o.area > 0);
  if (weighed.length === 0) return null;
  const total = weighed.reduce((sum, o) => sum + o.area, 0);
  const mean = weighed.reduce((sum, o) => sum + (o.area / total) * o.score, 0);
  const scores = weighed.map((o) => o.score);
  return clamp(mean, Math.min(...scores), Math.max(...scores));
};

/**
 * What a group's results read of each object's score (`groupResult`): the totals, the cluster ratios, the taxonomy
 * conformity and the projections. The server stores it beside the two totals (`scoreSummary`), so that a group of
 * 1 000 objects is scored from 1 000 stored summaries instead of from every answer of every object.
 */
export interface ScoreSummary {
  ecore: number | null;
  finance: number | null;
  /** Each cluster's ratio, and its categories' and sections' (the group's structure, `groupStructure`). */
  clusters: (Pick<ClusterScore, 'clusterIdentifier' | 'ratio'> & { categories: CategoryRatios[] })[];
  taxonomy: Pick<TaxonomyConformity, 'share' | 'conforms'>;
  stranding: ScoreResult['stranding'];
}

/** A section's id and ratio. */
export interface SectionRatio {
  id: Id | null;
  ratio: number | null;
}

/** A category's id and ratio, with its sections'. */
export interface CategoryRatios extends SectionRatio {
  sections: SectionRatio[];
}

/** The part of a score a group's results read (a `ScoreResult` is one too; this drops the rest for storing). */
export const scoreSummary = (result: ScoreSummary): ScoreSummary => ({
  ecore: result.ecore,
  finance: result.finance,
  clusters: result.clusters.map((c) => ({
    clusterIdentifier: c.clusterIdentifier,
    ratio: c.ratio,
    categories: c.categories.map((cat) => ({ id: cat.id, ratio: cat.ratio, sections: cat.sections.map((sec) => ({ id: sec.id, ratio: sec.ratio })) })),
  })),
  taxonomy: { share: result.taxonomy.share, conforms: result.taxonomy.conforms },
  stranding: result.stranding,
});

/** A group's results: scores, cluster ratios and taxonomy share weighted by BGF, and its portfolio projections. */
export interface GroupResult {
  ecore: number | null;
  ecoreClassification: Classification;
  finance: number | null;
  financeClassification: Classification;
  /** Per cluster position (I, II, …): the BGF-weighted ratio of the objects where the cluster counts. */
  clusters: { clusterIdentifier: string; ratio: number | null; classification: Classification }[];
  taxonomy: { share: number | null; conforms: boolean };
  stranding: { carbon: StrandingOutcome; energy: StrandingOutcome };
}

/** The area-weighted projection of a portfolio from its objects' outcomes: a refusal of any is the portfolio's; objects not reporting drop out. */
export const portfolioOutcome = (parts: readonly { area: number; outcome: StrandingOutcome }[]): StrandingOutcome => {
  const refused = parts.find((p) => p.outcome.status === 'refused');
  if (refused) return refused.outcome;
  const computed = parts.flatMap((p) => (p.outcome.status === 'computed' ? [{ area: p.area, result: p.outcome.result }] : []));
  if (computed.length === 0) return { status: 'not-reported' };
  const curve = portfolioCurve(computed);
  const sources = new Set(computed.map((p) => p.result.source));
  return outcomeOf(curve, sources.size === 1 ? [...sources][0]! : 'mixed');
};

/**
 * A group's results from its objects' (DOMAIN.md §5): each score and ratio the BGF-weighted mean (`groupScore`),
 * taxonomy conforming where every object with taxonomy questions conforms, and the area-weighted portfolio
 * projections of the objects that report consumption (a refusal of any object is the group's).
 */
export const groupResult = (objects: readonly { area: number; result: ScoreSummary }[]): GroupResult => {
  const ecore = groupScore(objects.map((o) => ({ area: o.area, score: o.result.ecore })));
  const finance = groupScore(objects.map((o) => ({ area: o.area, score: o.result.finance })));
  const positions = Math.max(0, ...objects.map((o) => o.result.clusters.length));
  const clusters = Array.from({ length: positions }, (_, i) => {
    const ratio = groupScore(objects.map((o) => ({ area: o.area, score: o.result.clusters[i]?.ratio ?? null })));
    const identifier = objects.map((o) => o.result.clusters[i]?.clusterIdentifier).find((id) => id !== undefined) ?? String(i + 1);
    return { clusterIdentifier: identifier, ratio, classification: classify(ratio) };
  });
  const withTaxonomy = objects.filter((o) => o.result.taxonomy.share !== null);
  const taxonomyShare = groupScore(withTaxonomy.map((o) => ({ area: o.area, score: o.result.taxonomy.share })));
  return {
    ecore,
    ecoreClassification: classify(ecore === null ? null : ecore / 100),
    finance,
    financeClassification: classify(finance === null ? null : finance / 100),
    clusters,
    taxonomy: { share: taxonomyShare, conforms: withTaxonomy.length > 0 && withTaxonomy.every((o) => o.result.taxonomy.conforms) },
    stranding: {
      carbon: portfolioOutcome(objects.map((o) => ({ area: o.area, outcome: o.result.stranding.carbon }))),
      energy: portfolioOutcome(objects.map((o) => ({ area: o.area, outcome: o.result.stranding.energy }))),
    },
  };
};
