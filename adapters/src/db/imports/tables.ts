import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One import (issue 20): who, when, which file, the counts, and the rows with their errors for the report. */
export interface ImportTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number | null;
  user_name: string;
  kind: 'assets' | 'answers' | 'loans';
  file_name: string;
  outcome: string;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  groups_created: number;
  report: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export interface ImportTables {
  imports: ImportTable;
}
