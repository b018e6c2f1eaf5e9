import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type IntArray = ColumnType<number[], number[] | undefined, number[]>;
type Json = ColumnType<unknown, string | null | undefined, string | null>;

/** A filled questionnaire: a template answered for one object (migration 2026-11-24-040). */
export interface AssetQuestionnaireTable {
  id: Generated<number>;
  asset_id: number;
  questionnaire_id: number;
  state: Generated<string>;
  reporting_year: number;
  created_by: number | null;
  created_at: Timestamp;
  modified_at: Timestamp;
  closed_at: NullableTimestamp;
  submitted_alone: Generated<boolean>;
  decline_count: Generated<number>;
  adjustments: Generated<number>;
  valid_until: ColumnType<Date | null, string | null | undefined, string | null>;
  evaluated_by: string | null;
  reviewed_by: string | null;
  answered_count: Generated<number>;
  total_count: Generated<number>;
  /** Open plausibility flags after the last save or explanation (migration 125). */
  open_flags: Generated<number>;
  /** core's scores as stored for the lists (issue 15, migration 042; written by server/src/routes/scoring/stored-score.ts). */
  ecore_score: number | null;
  finance_score: number | null;
  score_stamp: NullableTimestamp;
  /** core's `ScoreSummary` as JSON (migration 045), written with the two scores; null until then. */
  score_summary: ColumnType<unknown | null, string | null | undefined, string | null>;
  /** The version of the scoring rules the stored score was computed under (migration 098); null before versions. */
  score_rules_version: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface AssetAnswerTable {
  id: Generated<number>;
  asset_questionnaire_id: number;
  question_id: number;
  input_answer: number | null;
  option_ids: IntArray;
  state: string | null;
  review_status: Generated<string>;
  changed_since_decline: Generated<boolean>;
  evidence_requested: Generated<boolean>;
  /** The reason a rejection stands with (migration 100); null where the answer is not rejected. */
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where a figure comes from (migration 110, core provenance.ts); null for choices, empty figures and older rows. */
  provenance: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who accepted the answer in review and when (migration 119); null where it is not accepted or was before. */
  checked_by: ColumnType<string | null, string | null | undefined, string | null>;
  checked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  modified_by: Generated<string>;
  modified_at: Timestamp;
}

export interface AssetAnswerCommentTable {
  id: Generated<number>;
  answer_id: number;
  author_id: number | null;
  author_name: string;
  comment: string;
  created_at: Timestamp;
}

export interface AssetAnswerDocumentTable {
  id: Generated<number>;
  answer_id: number;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  uploaded_by: string;
  uploaded_at: Timestamp;
  /** The library entry this row links to the answer (migration 2026-11-29-115). */
  evidence_id: number | null;
}

export interface AssetAnswerChangeTable {
  id: Generated<number>;
  asset_questionnaire_id: number;
  question_id: number;
  kind: string;
  user_id: number | null;
  user_name: string;
  at: Timestamp;
  old_value: Json;
  new_value: Json;
  note: Generated<string>;
}

/** The owner's internal check of one answer (migration 099, DOMAIN.md §1). */
export interface InternalCheckTable {
  asset_questionnaire_id: number;
  question_id: number;
  checked: boolean;
  note: string | null;
  checked_by: number | null;
  checked_at: Timestamp;
}

export interface AssetQuestionnaireLockTable {
  asset_questionnaire_id: number;
  user_id: number;
  holder_name: string;
  since: Timestamp;
  last_activity: Timestamp;
}

export interface AssetQuestionnaireTransitionTable {
  id: Generated<number>;
  asset_questionnaire_id: number;
  from_state: string;
  to_state: string;
  user_id: number | null;
  user_name: string;
  role: Generated<string>;
  reason: Generated<string>;
  /** The reason given for a decline (migration 100), '' for changes that need none. */
  note: Generated<string>;
  answers_touched: ColumnType<unknown, string | undefined, never>;
  at: Timestamp;
}

export interface GroupSubmissionTable {
  id: Generated<number>;
  asset_group_id: number;
  seed: number;
  asset_ids: IntArray;
  sampled_asset_ids: IntArray;
  submitted_by: string;
  submitted_at: Timestamp;
}

export interface GroupTransitionTable {
  id: Generated<number>;
  asset_group_id: number;
  from_state: string;
  to_state: string;
  user_id: number | null;
  user_name: string;
  role: Generated<string>;
  reason: Generated<string>;
  /** The reason given for a decline (migration 100), '' for changes that need none. */
  note: Generated<string>;
  at: Timestamp;
}

export interface GroupDefaultsTable {
  asset_group_id: number;
  questionnaire_id: number;
  answers: Json;
  saved_by: string;
  saved_at: Timestamp;
}

export interface AnsweringTables {
  asset_questionnaires: AssetQuestionnaireTable;
  asset_answers: AssetAnswerTable;
  asset_answer_comments: AssetAnswerCommentTable;
  asset_answer_documents: AssetAnswerDocumentTable;
  asset_answer_changes: AssetAnswerChangeTable;
  internal_checks: InternalCheckTable;
  asset_questionnaire_locks: AssetQuestionnaireLockTable;
  asset_questionnaire_transitions: AssetQuestionnaireTransitionTable;
  group_defaults: GroupDefaultsTable;
  group_submissions: GroupSubmissionTable;
  group_transitions: GroupTransitionTable;
}
