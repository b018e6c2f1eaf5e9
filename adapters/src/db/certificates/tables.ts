import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string, never>;
/** Calendar dates are read as text (`to_char`), never through a Date in the process's time zone. */
type CalendarDate = ColumnType<Date | string, string, never>;
type Numeric = ColumnType<string | number | null, number | null, never>;

/** A certificate (migration 2026-11-24-044): written once, then only `superseded_by` is set (a trigger refuses the rest). */
export interface CertificateTable {
  id: Generated<number>;
  code: ColumnType<string, string, never>;
  subject_kind: ColumnType<string, string, never>;
  asset_id: number | null;
  asset_group_id: number | null;
  asset_questionnaire_id: number | null;
  questionnaire_name: ColumnType<string, string, never>;
  label_name: ColumnType<string, string, never>;
  owner_name: ColumnType<string, string, never>;
  subject_name: ColumnType<string, string, never>;
  address: ColumnType<string, string, never>;
  ecore_score: Numeric;
  finance_score: Numeric;
  clusters: Json;
  taxonomy: Json;
  evaluated_at: CalendarDate;
  valid_until: CalendarDate;
  evaluator_name: ColumnType<string, string, never>;
  tester_name: ColumnType<string, string, never>;
  tester_organisation: ColumnType<string, string, never>;
  issued_at: ColumnType<Date, Date | string | undefined, never>;
  superseded_by: ColumnType<number | null, never, number>;
  /** The organisation's audit chain hash when the certificate was issued (set by the database; null before the chain existed). */
  chain_hash: ColumnType<string | null, never, never>;
}

export interface CertificateTables {
  certificates: CertificateTable;
}
