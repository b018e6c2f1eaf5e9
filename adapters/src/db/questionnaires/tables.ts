import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;
/** Ids are generated, but a saved template keeps the ids its items already had. */
type KeptId = ColumnType<number, number | undefined, number>;

export interface QuestionnaireTable {
  id: Generated<number>;
  title: string;
  /** `[{ language, title }]` (migration 104); written as JSON text. */
  title_translations: ColumnType<{ language: string; title: string }[], string | undefined, string>;
  state: string;
  type: string;
  version_label: string;
  taxonomy_compliance: Generated<boolean>;
  scored_ambition_levels: TextArray;
  created_by: Generated<string>;
  modified_by: Generated<string>;
  version: Generated<number>;
  created_at: Timestamp;
  modified_at: Timestamp;
}

export interface QuestionnaireClusterTable {
  id: KeptId;
  questionnaire_id: number;
  position: number;
  cluster_identifier: string;
  weight: number;
  finance_weight: number;
  is_taxonomy_cluster: boolean;
}

export interface QuestionnaireCategoryTable {
  id: KeptId;
  questionnaire_id: number;
  cluster_id: number;
  position: number;
}

export interface QuestionnaireSectionTable {
  id: KeptId;
  questionnaire_id: number;
  category_id: number;
  position: number;
  weight: number;
  finance_weight: number;
}

export interface QuestionnaireQuestionTable {
  id: KeptId;
  questionnaire_id: number;
  section_id: number;
  position: number;
  static_title: string;
  type: string;
  asset_types: TextArray;
  cluster_type: string | null;
  taxonomy_relevant: boolean;
  relevant_for_review: boolean;
  is_green_house_gas: boolean;
  score_type: string;
  virtual_question_type: string | null;
  average_variator: number | null;
  parent_question_id: number | null;
  basic_question: boolean;
  average_value: number | null;
  virtual_max_score: number | null;
  ambition_level: string;
  kpi_key: string | null;
}

export interface QuestionnaireOptionTable {
  id: KeptId;
  questionnaire_id: number;
  question_id: number;
  position: number;
  text: string;
  score: number;
  is_exclusive: boolean;
}

export interface QuestionnaireCategoryTranslationTable {
  questionnaire_id: number;
  category_id: number;
  language: string;
  name: string;
}

export interface QuestionnaireSectionTranslationTable {
  questionnaire_id: number;
  section_id: number;
  language: string;
  name: string;
}

export interface QuestionnaireQuestionTranslationTable {
  questionnaire_id: number;
  question_id: number;
  language: string;
  title: string;
  description: string;
  clarification: string;
}

export interface QuestionnaireOptionTranslationTable {
  questionnaire_id: number;
  option_id: number;
  language: string;
  text: string;
}

export interface QuestionnaireLockTable {
  questionnaire_id: number;
  user_id: number;
  holder_name: string;
  since: Timestamp;
  last_activity: Timestamp;
}

export interface ScoringDataSetTable {
  kind: string;
  name: string;
  illustrative: boolean;
  note: string;
  imported_by: Generated<string>;
  imported_at: Timestamp;
}

export interface ScoringReferenceValueTable {
  id: Generated<number>;
  kind: string;
  metric: string;
  country: string;
  asset_class: string;
  year: number;
  value: number;
}

export interface ScoringEmissionFactorTable {
  id: Generated<number>;
  carrier: string;
  country: string;
  year: number;
  value: number;
}

/** The tables of the questionnaires module; the DB interface extends this. */
export interface QuestionnaireTables {
  questionnaires: QuestionnaireTable;
  questionnaire_clusters: QuestionnaireClusterTable;
  questionnaire_categories: QuestionnaireCategoryTable;
  questionnaire_sections: QuestionnaireSectionTable;
  questionnaire_questions: QuestionnaireQuestionTable;
  questionnaire_options: QuestionnaireOptionTable;
  questionnaire_category_translations: QuestionnaireCategoryTranslationTable;
  questionnaire_section_translations: QuestionnaireSectionTranslationTable;
  questionnaire_question_translations: QuestionnaireQuestionTranslationTable;
  questionnaire_option_translations: QuestionnaireOptionTranslationTable;
  questionnaire_locks: QuestionnaireLockTable;
  scoring_data_sets: ScoringDataSetTable;
  scoring_reference_values: ScoringReferenceValueTable;
  scoring_emission_factors: ScoringEmissionFactorTable;
}
