import type { AssetClassShare } from '../assets/asset-class-shares.ts';
import { assetTypeById, type AssetClass } from '../assets/asset-classes.ts';
import { classify, groupResult, groupScore, type Classification, type ScoreResult, type StrandingOutcome } from '../scoring/score.ts';
import { isVerifiedScore } from '../scoring/score-access.ts';

/** A peer group below this size is never shown (docs/analysis-exports.md "Benchmark"): too few objects would identify them. */
export const PEER_GROUP_MIN = 6;

/** One object as the dashboard reads it: its stored facts and scores, and the consumption computed from its answers. */
export interface AnalysisObject {
  assetId: number;
  name: string;
  city: string;
  country: string;
  assetAssetTypes: readonly AssetClassShare[];
  quality: string;
  constructionYear: number | null;
  /** Gross floor area (BGF), the weight of the object. */
  area: number;
  /** The latest filled questionnaire's state; null: none started. */
  state: string | null;
  /** The stored scores of the latest filled questionnaire. */
  ecore: number | null;
  finance: number | null;
}

export interface ConsumptionFigures {
  finalEnergy: number | null;
  co2: number | null;
  water: number | null;
  waste: number | null;
}
export const CONSUMPTION_KEYS = ['finalEnergy', 'co2', 'water', 'waste'] as const;

/** A filled questionnaire that was evaluated and accepted (Closed, Expired), with its object's area. */
export interface VerifiedQuestionnaire {
  assetQuestionnaireId: number;
  assetId: number;
  reportingYear: number;
  ecore: number | null;
  area: number;
}

/** A peer: an object of any organisation with a stored ECORE score (never its name). */
export interface PeerScore {
  assetId: number;
  country: string;
  assetAssetTypes: readonly AssetClassShare[];
  ecore: number;
}

export interface DistributionEntry {
  key: string;
  area: number;
  share: number;
  count: number;
}

/** The BGF-weighted mean of the values present (objects without area or value weigh nothing); null where none. */
export const weightedMean = (rows: readonly { area: number; value: number | null }[]): number | null => groupScore(rows.map((r) => ({ area: r.area, score: r.value })));

/** Consumption per m² and year: each figure the BGF-weighted mean over the objects that report it. */
export const consumptionMeans = (rows: readonly { area: number; consumption: ConsumptionFigures }[]): ConsumptionFigures => {
  const mean = (key: (typeof CONSUMPTION_KEYS)[number]) => weightedMean(rows.map((r) => ({ area: r.area, value: r.consumption[key] })));
  return { finalEnergy: mean('finalEnergy'), co2: mean('co2'), water: mean('water'), waste: mean('waste') };
};

const positiveArea = (area: number): number => (Number.isFinite(area) && area > 0 ? area : 0);

/**
 * Shares of a portfolio: each object's area split over its keys by the given fractions; shares are area over the
 * total area, or, where no object has an area, counts over the number of objects, so that they sum to 1 whenever
 * there is anything to share. Ordered by area, then count, then key.
 */
export const distribution = <T extends { area: number }>(objects: readonly T[], keysOf: (object: T) => readonly { key: string; fraction: number }[]): DistributionEntry[] => {
  const entries = new Map<string, { area: number; count: number; weight: number }>();
  for (const object of objects) {
    const keys = keysOf(object);
    const total = keys.reduce((sum, k) => sum + Math.max(0, k.fraction), 0);
    for (const k of keys) {
      const fraction = total > 0 ? Math.max(0, k.fraction) / total : 1 / keys.length;
      const entry = entries.get(k.key) ?? { area: 0, count: 0, weight: 0 };
      entry.area += positiveArea(object.area) * fraction;
      entry.count += 1;
      entry.weight += fraction;
      entries.set(k.key, entry);
    }
  }
  const totalArea = [...entries.values()].reduce((sum, e) => sum + e.area, 0);
  const totalWeight = [...entries.values()].reduce((sum, e) => sum + e.weight, 0);
  return [...entries]
    .map(([key, e]) => ({ key, area: e.area, count: e.count, share: totalArea > 0 ? e.area / totalArea : e.weight / totalWeight }))
    .sort((a, b) => b.area - a.area || b.count - a.count || a.key.localeCompare(b.key));
};

/** An object's classes as fractions of its shares (mixed use splits its area); unknown classes are left out. */
export const classFractions = (shares: readonly AssetClassShare[]): { key: AssetClass; fraction: number }[] =>
  shares.flatMap((s) => {
    const type = assetTypeById(s.assetTypeId);
    return type ? [{ key: type.assetClassIdentifier, fraction: s.percentage }] : [];
  });

/** The main asset class: the one with the largest share (ties: the first listed); null without a known class. */
export const mainAssetClass = (shares: readonly AssetClassShare[]): AssetClass | null => {
  let best: { key: AssetClass; fraction: number } | null = null;
  for (const c of classFractions(shares)) if (best === null || c.fraction > best.fraction) best = c;
  return best?.key ?? null;
};

export const distributions = (objects: readonly AnalysisObject[]) => ({
  assetClass: distribution(objects, (o) => classFractions(o.assetAssetTypes)),
  quality: distribution(objects, (o) => [{ key: o.quality, fraction: 1 }]),
  country: distribution(objects, (o) => [{ key: o.country, fraction: 1 }]),
});

/**
 * The ESG path: per reporting year the BGF-weighted ECORE score of the verified questionnaires of that year (an
 * object counted once a year, its latest questionnaire of that year), in year order.
 */
export const esgPath = (questionnaires: readonly VerifiedQuestionnaire[]): { year: number; ecore: number | null; objectCount: number }[] => {
  const latest = new Map<string, VerifiedQuestionnaire>();
  for (const q of questionnaires) {
    const key = `${q.reportingYear}:${q.assetId}`;
    const known = latest.get(key);
    if (!known || known.assetQuestionnaireId < q.assetQuestionnaireId) latest.set(key, q);
  }
  const years = new Map<number, VerifiedQuestionnaire[]>();
  for (const q of latest.values()) years.set(q.reportingYear, [...(years.get(q.reportingYear) ?? []), q]);
  return [...years]
    .sort((a, b) => a[0] - b[0])
    .map(([year, rows]) => ({ year, ecore: weightedMean(rows.map((r) => ({ area: r.area, value: r.ecore }))), objectCount: rows.length }));
};

/** Without a filled questionnaire an object's state reads 'NotStarted'; without a construction year 'unknown'. */
export const NOT_STARTED = 'NotStarted';
export const UNKNOWN_DECADE = 'unknown';

const counted = (keys: readonly string[]): { key: string; count: number }[] => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, count]) => ({ key, count }));
};

/** The portfolio's structure: objects per state and per construction decade (1990 = 1990–1999), and the total area. */
export const structure = (objects: readonly Pick<AnalysisObject, 'state' | 'constructionYear' | 'area'>[]) => ({
  byState: counted(objects.map((o) => o.state ?? NOT_STARTED)).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
  byConstructionDecade: counted(objects.map((o) => (o.constructionYear === null ? UNKNOWN_DECADE : String(Math.floor(o.constructionYear / 10) * 10)))).sort((a, b) =>
    a.key === UNKNOWN_DECADE ? 1 : b.key === UNKNOWN_DECADE ? -1 : Number(a.key) - Number(b.key),
  ),
  totalArea: objects.reduce((sum, o) => sum + positiveArea(o.area), 0),
});

/** Taxonomy check: objects with taxonomy-relevant questions, those conforming, and their share (null: none relevant). */
export const taxonomyCheck = (objects: readonly { taxonomy: { share: number | null; conforms: boolean } }[]) => {
  const relevant = objects.filter((o) => o.taxonomy.share !== null);
  const conforming = relevant.filter((o) => o.taxonomy.conforms).length;
  return { relevantObjects: relevant.length, conformingObjects: conforming, share: relevant.length > 0 ? conforming / relevant.length : null };
};

export interface Benchmark {
  assetId: number;
  peerGroup: { assetClass: AssetClass; country: string | null; size: number };
  peerMean: number;
  peerMin: number;
  peerMax: number;
  /** 1 = the best ECORE score among the peers (ties share a rank). */
  rank: number;
}

/**
 * An object's benchmark: its peers are the objects with the same main asset class, and the same country where
 * that group has at least PEER_GROUP_MIN objects, else of every country; below PEER_GROUP_MIN, or without a score
 * of its own, null. The object counts among its peers when it has a stored score.
 */
export const benchmarkOf = (object: Pick<AnalysisObject, 'assetId' | 'country' | 'assetAssetTypes' | 'ecore'>, peers: readonly PeerScore[]): Benchmark | null => {
  const assetClass = mainAssetClass(object.assetAssetTypes);
  if (assetClass === null || object.ecore === null) return null;
  const sameClass = peers.filter((p) => mainAssetClass(p.assetAssetTypes) === assetClass);
  const sameCountry = sameClass.filter((p) => p.country === object.country);
  const [group, country] = sameCountry.length >= PEER_GROUP_MIN ? [sameCountry, object.country] : [sameClass, null];
  if (group.length < PEER_GROUP_MIN) return null;
  const scores = group.map((p) => p.ecore);
  const own = object.ecore;
  return {
    assetId: object.assetId,
    peerGroup: { assetClass, country, size: group.length },
    peerMean: scores.reduce((sum, s) => sum + s, 0) / scores.length,
    peerMin: Math.min(...scores),
    peerMax: Math.max(...scores),
    rank: 1 + scores.filter((s) => s > own).length,
  };
};

/** The first year above the pathway of an object's carbon projection (null where none is computed). */
const strandingPoint = (outcome: StrandingOutcome): { strandingYear: number | null; beyond2050: boolean } =>
  outcome.status === 'computed' ? { strandingYear: outcome.result.beyond2050 ? null : outcome.result.misalignmentYear, beyond2050: outcome.result.beyond2050 } : { strandingYear: null, beyond2050: false };

export interface DashboardInput {
  subject: { kind: 'group' | 'object'; id: number; name: string };
  /** Each object with the result core's score gives from its stored answers (null: no filled questionnaire). */
  objects: readonly (AnalysisObject & { result: ScoreResult | null })[];
  verified: readonly VerifiedQuestionnaire[];
  peers: readonly PeerScore[];
}

export interface Dashboard {
  subject: { kind: 'group' | 'object'; id: number; name: string; objectCount: number };
  score: { ecore: number | null; finance: number | null; classification: Classification; verifiedCount: number };
  consumption: ConsumptionFigures;
  stranding: { carbon: StrandingOutcome; energy: StrandingOutcome };
  esgPath: { year: number; ecore: number | null; objectCount: number }[];
  distributions: { assetClass: DistributionEntry[]; quality: DistributionEntry[]; country: DistributionEntry[] };
  structure: ReturnType<typeof structure>;
  taxonomy: ReturnType<typeof taxonomyCheck>;
  assets: {
    assetId: number;
    name: string;
    city: string;
    country: string;
    assetClasses: AssetClass[];
    area: number;
    ecore: number | null;
    state: string | null;
    verified: boolean;
    strandingYear: number | null;
    beyond2050: boolean;
  }[];
  benchmark: (Benchmark | null)[];
}

const NO_CONSUMPTION: ConsumptionFigures = { finalEnergy: null, co2: null, water: null, waste: null };

/** Every figure of the dashboard of a group or an object (docs/analysis-exports.md "Dashboard"). */
export const dashboard = (input: DashboardInput): Dashboard => {
  const { objects } = input;
  const scored = objects.flatMap((o) => (o.result ? [{ area: o.area, result: o.result }] : []));
  const ecore = weightedMean(objects.map((o) => ({ area: o.area, value: o.ecore })));
  const portfolio = groupResult(scored);
  return {
    subject: { ...input.subject, objectCount: objects.length },
    score: {
      ecore,
      finance: weightedMean(objects.map((o) => ({ area: o.area, value: o.finance }))),
      classification: classify(ecore === null ? null : ecore / 100),
      verifiedCount: objects.filter((o) => isVerifiedScore(o.state)).length,
    },
    consumption: consumptionMeans(objects.map((o) => ({ area: o.area, consumption: o.result?.consumption ?? NO_CONSUMPTION }))),
    stranding: portfolio.stranding,
    esgPath: esgPath(input.verified),
    distributions: distributions(objects),
    structure: structure(objects),
    taxonomy: taxonomyCheck(objects.flatMap((o) => (o.result ? [o.result] : []))),
    assets: objects.map((o) => ({
      assetId: o.assetId,
      name: o.name,
      city: o.city,
      country: o.country,
      assetClasses: classFractions(o.assetAssetTypes).map((c) => c.key),
      area: o.area,
      ecore: o.ecore,
      state: o.state,
      verified: isVerifiedScore(o.state),
      ...strandingPoint(o.result?.stranding.carbon ?? { status: 'not-reported' }),
    })),
    benchmark: objects.map((o) => benchmarkOf(o, input.peers)),
  };
};
