import type { Language } from '../shared/language.ts';
import { maxScoreOf, nameIn, optionTextIn, questionTitleIn, toRoman, CLUSTER_IDENTIFIERS, CLUSTER_KINDS, type QuestionnaireTemplate } from './template.ts';

/** Cluster names I to IV in both languages (GLOSSARY). */
export const CLUSTER_NAMES: Record<(typeof CLUSTER_KINDS)[number], Record<Language, string>> = {
  Governance: { de: 'Governance', en: 'Governance' },
  ConsumptionAndEmissions: { de: 'Verbrauch und Emissionen', en: 'Consumption and emissions' },
  AssetCheck: { de: 'Objektcheck', en: 'Asset check' },
  TaxonomyCheck: { de: 'Taxonomie-Check', en: 'Taxonomy check' },
};

export const clusterName = (index: number, language: Language): string => {
  const kind = CLUSTER_KINDS[index];
  return `${toRoman(index + 1)} ${kind ? CLUSTER_NAMES[kind][language] : ''}`.trim();
};

/** A cluster named by its identifier ("II" → "II Verbrauch und Emissionen"); `fallback` is its place where the identifier is unknown. */
export const clusterNameOf = (identifier: string, language: Language, fallback: number): string => {
  const index = (CLUSTER_IDENTIFIERS as readonly string[]).indexOf(identifier);
  return clusterName(index === -1 ? fallback : index, language);
};

/** The columns of the question table of a template export, in order, with their headings. */
export const EXPORT_COLUMNS = {
  cluster: { de: 'Cluster', en: 'Cluster' },
  category: { de: 'Kategorie', en: 'Category' },
  section: { de: 'Abschnitt', en: 'Section' },
  sectionWeight: { de: 'Gewicht Abschnitt', en: 'Section weight' },
  id: { de: 'Fragen-ID', en: 'Question id' },
  staticTitle: { de: 'Statischer Titel', en: 'Static title' },
  title: { de: 'Frage', en: 'Question' },
  description: { de: 'Erläuterung', en: 'Explanation' },
  clarification: { de: 'Klarstellung', en: 'Clarification' },
  type: { de: 'Fragetyp', en: 'Question type' },
  scoreType: { de: 'Bewertungsart', en: 'Score type' },
  ambitionLevel: { de: 'Ambitionsniveau', en: 'Ambition level' },
  assetTypes: { de: 'Objektklassen', en: 'Asset classes' },
  taxonomyRelevant: { de: 'Taxonomierelevant', en: 'Taxonomy relevant' },
  relevantForReview: { de: 'Prüfrelevant', en: 'Relevant for review' },
  isGreenHouseGas: { de: 'CO2-relevant', en: 'Greenhouse gas' },
  kpiKey: { de: 'KPI-Schlüssel', en: 'KPI key' },
  virtualQuestionType: { de: 'Virtueller Typ', en: 'Virtual type' },
  parentQuestion: { de: 'Zugehörige Frage', en: 'Corresponding question' },
  averageVariator: { de: 'Durchschnittsvariator', en: 'Average variator' },
  averageValue: { de: 'Durchschnittswert', en: 'Average value' },
  maxScore: { de: 'Maximale Punkte', en: 'Maximum score' },
  options: { de: 'Antwortoptionen (Punkte)', en: 'Options (score)' },
} as const satisfies Record<string, Record<Language, string>>;
export type ExportColumn = keyof typeof EXPORT_COLUMNS;

export const EXPORT_SHEETS = {
  metadata: { de: 'Metadaten', en: 'Metadata' },
  questions: { de: 'Fragen', en: 'Questions' },
  yes: { de: 'ja', en: 'yes' },
  no: { de: 'nein', en: 'no' },
  title: { de: 'Titel', en: 'Title' },
  version: { de: 'Version', en: 'Version' },
  state: { de: 'Status', en: 'State' },
  type: { de: 'Typ', en: 'Type' },
  modifiedBy: { de: 'Zuletzt geändert von', en: 'Last changed by' },
  modifiedDate: { de: 'Zuletzt geändert am', en: 'Last changed on' },
  weight: { de: 'Gewicht', en: 'Weight' },
  financeWeight: { de: 'Finanzgewicht', en: 'Finance weight' },
} as const satisfies Record<string, Record<Language, string>>;

export type ExportRow = Record<ExportColumn, string | number>;

/** One row per question of a template, its texts in the chosen language: what CSV and Excel exports hold. */
export const exportRows = (template: QuestionnaireTemplate, language: Language): ExportRow[] => {
  const yes = (b: boolean) => EXPORT_SHEETS[b ? 'yes' : 'no'][language];
  const titles = new Map<number, string>();
  for (const c of template.clusters) for (const cat of c.categories) for (const s of cat.sections) for (const q of s.questions) if (q.id !== null) titles.set(q.id, q.staticTitle);
  return template.clusters.flatMap((cluster, ci) =>
    cluster.categories.flatMap((category) =>
      category.sections.flatMap((section) =>
        section.questions.map((q): ExportRow => {
          const t = q.translations.find((x) => x.language === language);
          return {
            cluster: clusterName(ci, language),
            category: nameIn(category.translations, language),
            section: nameIn(section.translations, language),
            sectionWeight: section.weight,
            id: q.id ?? '',
            staticTitle: q.staticTitle,
            title: questionTitleIn(q, language),
            description: t?.description ?? '',
            clarification: t?.clarification ?? '',
            type: q.type,
            scoreType: q.scoreType,
            ambitionLevel: q.ambitionLevel,
            assetTypes: q.assetTypes.join(', '),
            taxonomyRelevant: yes(q.taxonomyRelevant),
            relevantForReview: yes(q.relevantForReview),
            isGreenHouseGas: yes(q.isGreenHouseGas),
            kpiKey: q.kpiKey ?? '',
            virtualQuestionType: q.virtualQuestionType ?? '',
            parentQuestion: q.parentQuestionId === null ? '' : (titles.get(q.parentQuestionId) ?? ''),
            averageVariator: q.averageVariator ?? '',
            averageValue: q.averageValue ?? '',
            maxScore: maxScoreOf(q),
            options: q.options.map((o) => `${optionTextIn(o, language)} (${o.score})`).join(' | '),
          };
        }),
      ),
    ),
  );
};

/** The file name of an export: what it is, which version, which language. */
export const exportFileName = (template: Pick<QuestionnaireTemplate, 'version' | 'id'>, language: Language, extension: 'json' | 'csv' | 'xlsx'): string =>
  `questionnaire-${template.version.replace(/[^\w-]/g, '_') || template.id}-${language}.${extension}`;
