import type { AnswerValue, StoredAnswer } from '../answering/answers.ts';
import type { AssetClassShare } from '../assets/asset-class-shares.ts';
import type { Id, QuestionType, ScoreType, TemplateContent } from '../questionnaires/template.ts';
import type { Classification } from './display.ts';
import type { FigureWarning } from './figures.ts';
import type { MissingReference } from './reference-lookup.ts';
import type { EnergyUse, StrandingRefusal } from './stranding.ts';
import type { SourcedStranding, VirtualResult } from './virtual-questions.ts';

// What a score is made of: the object, template and answers it reads, and the result at every level (DOMAIN.md §5).
/**
 * The object a questionnaire is scored for (DOMAIN.md §5): its asset classes with their shares, its country,
 * its gross floor area (BGF, which weighs it in its group) and the reporting year, the calendar year whose
 * consumption the answers give (stored on the filled questionnaire).
 */
export interface ScoringObject {
  country: string;
  assetAssetTypes: readonly AssetClassShare[];
  area: number;
  reportingYear: number;
}

/** The template parts scoring reads. */
export type ScoringTemplate = Pick<TemplateContent, 'clusters' | 'scoredAmbitionLevels'>;

/** The answer fields scoring reads; where a question has more than one row, the last one counts. */
export type ScoringAnswer = Pick<StoredAnswer, 'questionId' | 'inputAnswer' | 'multipleChoiceOption'>;

/** `explain: false` leaves the virtual questions' "why" lines empty (lists of many objects show only numbers). */
export interface ScoreOptions {
  explain?: boolean;
}

/** Points against maximum with their ratio and classification; the ratio is null (Neutral) where nothing counts. */
export interface Tally {
  points: number;
  maximum: number;
  ratio: number | null;
  classification: Classification;
}

/** A weighted level (section, cluster): its tally, its weight as the template gives it, and its normalised share of the level above. */
export interface LevelScore extends Tally {
  weight: number;
  /** The weight normalised over the level's siblings that count (0 for a level that dropped out). */
  share: number;
}

export interface QuestionScore extends Tally {
  questionId: Id | null;
  staticTitle: string;
  type: QuestionType;
  scoreType: ScoreType;
  taxonomyRelevant: boolean;
  /** The stored answer (for a virtual question: none, it is computed). */
  answer: AnswerValue | null;
  answered: boolean;
  /** Counts in the ECORE score: a maximum above 0 and, for a virtual question, a result that could be computed. */
  counted: boolean;
  /** Counts in the finance score as well: counted and of score type Finance. */
  countedInFinance: boolean;
  virtual: VirtualResult | null;
}

export interface SectionScore extends LevelScore {
  id: Id | null;
  finance: LevelScore;
  questions: QuestionScore[];
}

/** Categories group sections and carry no weight: their ratio is their sections' weighted ratio. */
export interface CategoryScore extends Tally {
  id: Id | null;
  finance: Tally;
  sections: SectionScore[];
}

export interface ClusterScore extends LevelScore {
  id: Id | null;
  clusterIdentifier: string;
  isTaxonomyCluster: boolean;
  finance: LevelScore;
  categories: CategoryScore[];
}

/** Taxonomy conformity (DOMAIN.md §5): the share of applicable taxonomy-relevant questions at full points. */
export interface TaxonomyConformity {
  /** Applicable taxonomy-relevant questions that carry points. */
  relevant: number;
  atFullPoints: number;
  /** null where the object has no such question. */
  share: number | null;
  conforms: boolean;
}

/** The dashboard's consumption values per m² (spec 02 §3), with where each comes from. */
export interface ConsumptionValues {
  /**
   * kWh/m²/a: the sum of the carriers where any is answered (with on-site renewables consumed, exports not
   * subtracted), else the reported total (DOMAIN.md §5, "Figures given twice").
   */
  finalEnergy: number | null;
  finalEnergySource: 'reported' | 'carriers' | null;
  /**
   * kg CO2e/m²/a: the carbon of the reporting year from the carriers where any is answered (null where a factor they
   * need is missing), else the reported figure.
   */
  co2: number | null;
  co2Source: 'reported' | 'carriers' | null;
  /** m³/m²/a */
  water: number | null;
  /** kg/m²/a */
  waste: number | null;
  /** Energy per carrier as answered, missing carriers 0. */
  carriers: EnergyUse;
  carriersReported: boolean;
}

/** A stranding projection of the results overview: computed, refused (saying why), or not reported. */
export type StrandingOutcome = { status: 'computed'; result: SourcedStranding } | { status: 'refused'; refusal: StrandingRefusal } | { status: 'not-reported' };

export interface ScoreResult {
  /** ECORE score 0–100, unrounded; null where nothing counts. */
  ecore: number | null;
  ecoreClassification: Classification;
  /** Finance score 0–100 over the questions of score type Finance, unrounded; null where none counts. */
  finance: number | null;
  financeClassification: Classification;
  clusters: ClusterScore[];
  taxonomy: TaxonomyConformity;
  /** Every applicable virtual question's result, in tree order (also on its question). */
  virtualQuestions: VirtualResult[];
  consumption: ConsumptionValues;
  stranding: { carbon: StrandingOutcome; energy: StrandingOutcome };
  /** Totals given beside carriers that disagree with them by more than 2 %: warnings for the screens, never refusals. */
  figureWarnings: FigureWarning[];
  /** Everything the reference data lacked for virtual questions and projections, merged. */
  referenceMissing: MissingReference[];
}
