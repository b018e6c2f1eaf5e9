import type { ColumnType } from 'kysely';

/** Next year's filled questionnaire and the one it followed (migration 2026-11-24-070, issue 22). */
export interface AnnualStartTable {
  asset_questionnaire_id: number;
  previous_id: number;
  previous_reporting_year: number;
  previous_area: number;
  /** `[{ questionId, inputAnswer, reportingYear }]`: last year's figure of each value question of the new template. */
  last_year_values: ColumnType<unknown, string | undefined, string>;
  started_by: string;
  started_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A reminder sent before a label expires; the key (certificate, threshold) lets one process send it. */
export interface LabelReminderTable {
  certificate_id: number;
  threshold: number;
  sent_at: ColumnType<Date, Date | string, never>;
  recipients: ColumnType<number, number | undefined, never>;
}

export interface AnnualTables {
  annual_starts: AnnualStartTable;
  label_reminders: LabelReminderTable;
}
