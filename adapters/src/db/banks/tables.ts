import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** Calendar dates are read as text (`to_char`), never through a Date in the process's time zone. */
type CalendarDate = ColumnType<Date | string, string, string>;

/** A bank's loan (migration 112, DOMAIN.md §11): unique by bank and loan id, on an object the bank may see. */
export interface BankLoanTable {
  id: Generated<number>;
  bank_organisation_id: number;
  loan_id: string;
  asset_id: number;
  outstanding_amount: number;
  property_value_at_origination: number;
  origination_date: CalendarDate;
  reporting_date: CalendarDate;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BankTables {
  bank_loans: BankLoanTable;
}
