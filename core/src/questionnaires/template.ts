import { LANGUAGES, type Language } from '../shared/language.ts';

/** Template states (spec 02 §3, §4). */
export const QUESTIONNAIRE_STATES = ['Draft', 'Active', 'Archived'] as const;
export type QuestionnaireState = (typeof QUESTIONNAIRE_STATES)[number];

/**
 * The 13 score and questionnaire types of spec 02 §3: Ecore, Finance and 11 object categories, the
 * combinations of stock, renovation, new construction or project development with climate protection,
 * climate change adaption or circular economy. Twelve combinations exist; the specification counts 11,
 * and project development with climate change adaption is the one left out here (an assumption: a
 * project is adapted through its new-construction questions).
 */
export const OBJECT_CATEGORIES = [
  'StockAndClimateProtection',
  'StockAndClimateChangeAdaption',
  'StockAndCircularEconomy',
  'RenovationAndClimateProtection',
  'RenovationAndClimateChangeAdaption',
  'RenovationAndCircularEconomy',
  'NewConstructionAndClimateProtection',
  'NewConstructionAndClimateChangeAdaption',
  'NewConstructionAndCircularEconomy',
  'ProjectDevelopmentAndClimateProtection',
  'ProjectDevelopmentAndCircularEconomy',
] as const;
export type ObjectCategory = (typeof OBJECT_CATEGORIES)[number];
export const QUESTIONNAIRE_TYPES = ['Ecore', 'Finance', ...OBJECT_CATEGORIES] as const;
export type QuestionnaireType = (typeof QUESTIONNAIRE_TYPES)[number];

export const QUESTION_TYPES = ['SingleChoice', 'MultipleChoice', 'ValueQuestion', 'VirtualQuestion'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** DK deviation from the path, DW deviation from the average, Year leaving the path (spec 02 §3). */
export const VIRTUAL_QUESTION_TYPES = ['DK', 'DW', 'Year'] as const;
export type VirtualQuestionType = (typeof VIRTUAL_QUESTION_TYPES)[number];

export const SCORE_TYPES = ['Ecore', 'Finance'] as const;
export type ScoreType = (typeof SCORE_TYPES)[number];

export const AMBITION_LEVELS = ['A1', 'A2', 'A3'] as const;
export type AmbitionLevel = (typeof AMBITION_LEVELS)[number];

/** The four clusters I to IV (spec 02 §3, GLOSSARY). */
export const CLUSTER_KINDS = ['Governance', 'ConsumptionAndEmissions', 'AssetCheck', 'TaxonomyCheck'] as const;
export type ClusterKind = (typeof CLUSTER_KINDS)[number];
export const CLUSTER_COUNT = 4;
export const CLUSTER_IDENTIFIERS = ['I', 'II', 'III', 'IV'] as const;

export const ASSET_CLASSES = ['OFF', 'HOT', 'RHS', 'RSM', 'RWB1', 'RWB2', 'DWH', 'HEC1', 'HEC2', 'LEI', 'MIX', 'RESI'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/**
 * What figure a value question asks for (DOMAIN.md §5): final energy in total and per carrier, CO2,
 * water, waste; each with its unit.
 */
export const KPI_KEYS = {
  finalEnergyTotal: 'kWh/m²/a',
  finalEnergyGridElectricity: 'kWh/m²/a',
  finalEnergyGas: 'kWh/m²/a',
  finalEnergyOil: 'kWh/m²/a',
  finalEnergyDistrictHeating: 'kWh/m²/a',
  finalEnergyDistrictCooling: 'kWh/m²/a',
  finalEnergyRenewablesConsumed: 'kWh/m²/a',
  finalEnergyRenewablesExported: 'kWh/m²/a',
  co2: 'kg CO2e/m²/a',
  water: 'm³/m²/a',
  waste: 'kg/m²/a',
} as const;
export type KpiKey = keyof typeof KPI_KEYS;
export const KPI_KEY_LIST = Object.keys(KPI_KEYS) as KpiKey[];

/** Ids are numbers; items made in the editor carry temporary negative ids until saved. */
export type Id = number;

export interface NameTranslation {
  language: Language;
  name: string;
}

export interface QuestionTranslation {
  language: Language;
  title: string;
  description: string;
  clarification: string;
}

export interface OptionTranslation {
  language: Language;
  text: string;
}

export interface QuestionOption {
  id: Id | null;
  text: string;
  score: number;
  order: number;
  isExclusive: boolean;
  translations: OptionTranslation[];
}

export interface Question {
  id: Id | null;
  staticTitle: string;
  type: QuestionType;
  translations: QuestionTranslation[];
  assetTypes: AssetClass[];
  clusterType: ClusterKind | null;
  taxonomyRelevant: boolean;
  relevantForReview: boolean;
  isGreenHouseGas: boolean;
  scoreType: ScoreType;
  options: QuestionOption[];
  virtualQuestionType: VirtualQuestionType | null;
  averageVariator: number | null;
  parentQuestionId: Id | null;
  /** The static title of the parent, for a parent that is itself new (its id is sent as null). */
  parentStaticTitle?: string | null;
  basicQuestion: boolean;
  averageValue: number | null;
  /** Points a virtual question reaches at best; choice questions take theirs from the options. */
  virtualMaxScore: number | null;
  ambitionLevel: AmbitionLevel;
  kpiKey: KpiKey | null;
  order: number;
  /** Computed for display; stripped on save (spec 02 §3). */
  maxScore?: number;
}

export interface Section {
  id: Id | null;
  translations: NameTranslation[];
  weight: number;
  financeWeight: number;
  order: number;
  questions: Question[];
}

export interface Category {
  id: Id | null;
  translations: NameTranslation[];
  order: number;
  sections: Section[];
}

export interface Cluster {
  id: Id | null;
  clusterIdentifier: string;
  weight: number;
  financeWeight: number;
  isTaxonomyCluster: boolean;
  categories: Category[];
}

/** A template's title in one language (as a question's title is translated). */
export interface TitleTranslation {
  language: Language;
  title: string;
}

/** The structure of a template: what the editor edits and the save sends. */
export interface TemplateContent {
  /** The title as stored before titles were translated: the German one, kept for compatibility. */
  title: string;
  /** The title per language; absent or empty in a language, the German title (then `title`) stands in. */
  translations?: TitleTranslation[];
  type: QuestionnaireType;
  /** The version name, for example 2025_01. */
  version: string;
  taxonomyCompliance: boolean;
  scoredAmbitionLevels: AmbitionLevel[];
  clusters: Cluster[];
}

export interface QuestionnaireTemplate extends TemplateContent {
  id: number;
  state: QuestionnaireState;
  /** Optimistic-locking counter; a save naming an older one answers 409. */
  revision: number;
  creationDate: string;
  modifiedBy: string;
  modifiedDate: string;
}

/** A row of the template list. */
export interface QuestionnaireSummary {
  id: number;
  title: string;
  translations?: TitleTranslation[];
  state: QuestionnaireState;
  type: QuestionnaireType;
  version: string;
  creationDate: string;
  modifiedBy: string;
  modifiedDate: string;
}

/** The name of an item in a language: that translation, else German, else English, else ''. */
export const nameIn = (translations: readonly { language: Language; name: string }[], language: Language): string =>
  (translations.find((t) => t.language === language && t.name.trim() !== '') ??
    translations.find((t) => t.language === 'de' && t.name.trim() !== '') ??
    translations.find((t) => t.name.trim() !== ''))?.name ?? '';

/** A template's title in a language: that translation, else the German one, else the stored `title`. */
export const templateTitleIn = (template: { title: string; translations?: readonly TitleTranslation[] | undefined }, language: Language): string => {
  const given = (l: Language) => template.translations?.find((t) => t.language === l && t.title.trim() !== '')?.title;
  return given(language) ?? given('de') ?? template.title;
};

/** A template's title as given in a language: that translation, for German else the stored `title`; '' where none. */
export const givenTemplateTitle = (template: { title: string; translations?: readonly TitleTranslation[] | undefined }, language: Language): string =>
  template.translations?.find((t) => t.language === language)?.title ?? (language === 'de' ? template.title : '');

/** The template with its title changed in one language (a translation per language); the German title is `title` too. */
export const withTemplateTitle = <T extends { title: string; translations?: TitleTranslation[] | undefined }>(template: T, language: Language, title: string): T => ({
  ...template,
  title: language === 'de' ? title : template.title,
  translations: LANGUAGES.map((l) => ({ language: l, title: l === language ? title : givenTemplateTitle(template, l) })),
});

export const questionTitleIn = (question: Pick<Question, 'translations' | 'staticTitle'>, language: Language): string =>
  (question.translations.find((t) => t.language === language && t.title.trim() !== '') ??
    question.translations.find((t) => t.language === 'de' && t.title.trim() !== ''))?.title ?? question.staticTitle;

export const optionTextIn = (option: Pick<QuestionOption, 'translations' | 'text'>, language: Language): string =>
  option.translations.find((t) => t.language === language && t.text.trim() !== '')?.text ?? option.text;

/** Roman numerals 1 to 3999 (spec 02 §5), used for cluster numbers. */
export const toRoman = (n: number): string => {
  if (!Number.isInteger(n) || n < 1 || n > 3999) return String(n);
  const table: [number, string][] = [
    [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
    [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
  ];
  let rest = n;
  let out = '';
  for (const [value, numeral] of table) {
    while (rest >= value) {
      out += numeral;
      rest -= value;
    }
  }
  return out;
};

/** Every question of a template, in tree order. */
export const allQuestions = (content: Pick<TemplateContent, 'clusters'>): Question[] =>
  content.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)));

/** The best a valid answer can reach (DOMAIN.md §5): single choice the best option, multiple choice the best sum. */
export const maxScoreOf = (question: Pick<Question, 'type' | 'options' | 'virtualMaxScore'>): number => {
  const scores = question.options.map((o) => o.score);
  switch (question.type) {
    case 'SingleChoice':
      return scores.length ? Math.max(0, ...scores) : 0;
    case 'MultipleChoice': {
      const combined = question.options.filter((o) => !o.isExclusive).reduce((sum, o) => sum + Math.max(0, o.score), 0);
      const exclusive = question.options.filter((o) => o.isExclusive).map((o) => o.score);
      return Math.max(combined, 0, ...exclusive);
    }
    case 'ValueQuestion':
      return 0;
    case 'VirtualQuestion':
      return question.virtualMaxScore ?? 0;
  }
};
