import type { Question, Section } from '../questionnaires/template.ts';
import { classify } from './display.ts';
import type { CategoryScore, ClusterScore, QuestionScore, ScoringTemplate, SectionScore, TaxonomyConformity, Tally } from './score-model.ts';

// The levels of a score (DOMAIN.md §5): question points, section tallies, categories, clusters and the totals.

export const clamp = (x: number, low: number, high: number): number => Math.min(high, Math.max(low, x));

const tally = (points: number, maximum: number): Tally => {
  const ratio = maximum > 0 ? clamp(points / maximum, 0, 1) : null;
  return { points, maximum, ratio, classification: classify(ratio) };
};

/**
 * The weighted ratio of a level (DOMAIN.md §5): weights normalised to sum 1 over the parts that count; a part
 * with no counted maximum drops out and its weight is shared among the rest in proportion. No part with weight
 * left: null (the level itself drops out).
 */
export const weightedRatio = (parts: readonly { weight: number; ratio: number | null }[]): { ratio: number | null; shares: number[] } => {
  const total = weightTotal(parts);
  const shares = new Array<number>(parts.length);
  if (!(total > 0)) return { ratio: null, shares: shares.fill(0) };
  let ratio = 0;
  for (let i = 0; i < parts.length; i += 1) {
    const share = weightOf(parts[i]!) / total;
    shares[i] = share;
    if (share > 0) ratio += share * parts[i]!.ratio!;
  }
  return { ratio: clamp(ratio, 0, 1), shares };
};

/** `weightedRatio(parts).ratio`, the same sums in the same order, without the shares. */
const ratioOf = (parts: readonly { weight: number; ratio: number | null }[]): number | null => {
  const total = weightTotal(parts);
  if (!(total > 0)) return null;
  let ratio = 0;
  for (const p of parts) {
    const share = weightOf(p) / total;
    if (share > 0) ratio += share * p.ratio!;
  }
  return clamp(ratio, 0, 1);
};

/** A part's weight in its level: nothing where it has no ratio or no positive weight. */
const weightOf = (p: { weight: number; ratio: number | null }) => (p.ratio === null || !(p.weight > 0) ? 0 : p.weight);
const weightTotal = (parts: readonly { weight: number; ratio: number | null }[]) => {
  let total = 0;
  for (const p of parts) total += weightOf(p);
  return total;
};

/**
 * The points of a choice answer (DOMAIN.md §5), or null where it names no option of the question:
 * single choice the chosen option's; multiple choice the sum of the chosen, an exclusive option alone.
 */
export const choicePoints = (question: Pick<Question, 'type' | 'options'>, chosen: readonly number[]): number | null => {
  // The question's options that are chosen, in the question's order.
  const picked: Question['options'][number][] = [];
  for (const o of question.options) if (o.id !== null && chosen.includes(o.id)) picked.push(o);
  if (picked.length === 0) return null;
  if (question.type === 'SingleChoice') {
    // The first chosen id that names an option.
    for (const id of chosen) {
      const option = picked.find((o) => o.id === id);
      if (option) return option.score;
    }
  }
  let exclusive: number | null = null;
  let sum = 0;
  for (const o of picked) {
    if (o.isExclusive) exclusive = exclusive === null ? o.score : Math.max(exclusive, o.score);
    sum += o.score;
  }
  return exclusive ?? sum;
};

const sumTallies = (tallies: readonly Pick<Tally, 'points' | 'maximum'>[]): { points: number; maximum: number } => {
  let points = 0;
  let maximum = 0;
  for (const t of tallies) {
    points += t.points;
    maximum += t.maximum;
  }
  return { points, maximum };
};

/** A section's tallies over its counted questions (ECORE) and those of score type Finance; shares are set by its cluster. */
const sectionScore = (section: Pick<Section, 'id' | 'weight' | 'financeWeight'>, questions: QuestionScore[]): SectionScore => {
  let points = 0;
  let maximum = 0;
  let financePoints = 0;
  let financeMaximum = 0;
  for (const q of questions) {
    if (!q.counted) continue;
    points += q.points;
    maximum += q.maximum;
    if (q.countedInFinance) {
      financePoints += q.points;
      financeMaximum += q.maximum;
    }
  }
  const ecore = tally(points, maximum);
  const finance = tally(financePoints, financeMaximum);
  return {
    id: section.id,
    points,
    maximum,
    ratio: ecore.ratio,
    classification: ecore.classification,
    weight: section.weight,
    share: 0,
    finance: { points: financePoints, maximum: financeMaximum, ratio: finance.ratio, classification: finance.classification, weight: section.financeWeight, share: 0 },
    questions,
  };
};

/** A category's sums over its sections; its ratios are set by its cluster. */
const sumLevels = (sections: SectionScore[], id: CategoryScore['id']): CategoryScore => {
  let points = 0;
  let maximum = 0;
  let financePoints = 0;
  let financeMaximum = 0;
  for (const s of sections) {
    points += s.points;
    maximum += s.maximum;
    financePoints += s.finance.points;
    financeMaximum += s.finance.maximum;
  }
  return {
    points,
    maximum,
    ratio: null,
    classification: 'Neutral',
    finance: { points: financePoints, maximum: financeMaximum, ratio: null, classification: 'Neutral' },
    sections,
    id,
  };
};

/**
 * The clusters of the applicable structure, each question scored by `questionScore` in tree order: sections tally
 * their counted questions, categories sum their sections, and each level's share of the one above is its weight
 * normalised over the parts that count. Taxonomy conformity is counted along: the taxonomy-relevant questions with
 * points to reach, and those at full points (a question that could not be computed cannot be confirmed at full points).
 */
export const clusterScores = (structure: ScoringTemplate, questionScore: (q: Question) => QuestionScore): { clusters: ClusterScore[]; taxonomy: TaxonomyConformity } => {
  let relevant = 0;
  let atFullPoints = 0;
  const clusters: ClusterScore[] = structure.clusters.map((cluster) => {
    const categories: CategoryScore[] = [];
    const sections: SectionScore[] = [];
    for (const category of cluster.categories) {
      const own: SectionScore[] = [];
      for (const section of category.sections) {
        const questions = section.questions.map(questionScore);
        for (const q of questions) {
          if (!q.taxonomyRelevant || !(q.maximum > 0)) continue;
          relevant += 1;
          if (q.counted && q.points >= q.maximum) atFullPoints += 1;
        }
        const scored = sectionScore(section, questions);
        own.push(scored);
        sections.push(scored);
      }
      categories.push(sumLevels(own, category.id));
    }
    const financeTallies = sections.map((s) => s.finance);
    const ecore = weightedRatio(sections);
    const finance = weightedRatio(financeTallies);
    sections.forEach((s, i) => {
      s.share = ecore.shares[i]!;
      s.finance.share = finance.shares[i]!;
    });
    // Categories carry no weight: their ratio is their own sections' weighted ratio.
    for (const category of categories) {
      category.ratio = ratioOf(category.sections);
      category.classification = classify(category.ratio);
      category.finance.ratio = ratioOf(category.sections.map((s) => s.finance));
      category.finance.classification = classify(category.finance.ratio);
    }
    const e = sumTallies(sections);
    const f = sumTallies(financeTallies);
    return {
      id: cluster.id,
      clusterIdentifier: cluster.clusterIdentifier,
      isTaxonomyCluster: cluster.isTaxonomyCluster,
      points: e.points,
      maximum: e.maximum,
      ratio: ecore.ratio,
      classification: classify(ecore.ratio),
      weight: cluster.weight,
      share: 0,
      finance: { points: f.points, maximum: f.maximum, ratio: finance.ratio, classification: classify(finance.ratio), weight: cluster.financeWeight, share: 0 },
      categories,
    };
  });
  const share = relevant > 0 ? atFullPoints / relevant : null;
  return { clusters, taxonomy: { relevant, atFullPoints, share, conforms: share === 1 } };
};
