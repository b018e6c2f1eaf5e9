import type { ColumnType, Generated } from 'kysely';
import type { QuestionnaireTables } from './questionnaires/tables.ts';
import type { AssetTables } from './assets/tables.ts';
import type { AnsweringTables } from './answering/tables.ts';
import type { CertificateTables } from './certificates/tables.ts';
import type { ImportTables } from './imports/tables.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface OrganisationTable {
  id: Generated<number>;
  name: string;
  street: Generated<string>;
  number: Generated<string>;
  zip: Generated<string>;
  city: Generated<string>;
  country: Generated<string>;
  status: Generated<number>;
  locked: Generated<boolean>;
  deleted_at: NullableTimestamp;
  is_test_account: Generated<boolean>;
  is_finance_partner: Generated<boolean>;
  is_solution_partner: Generated<boolean>;
  is_buyer: Generated<boolean>;
  finance_partner_organisation_id: number | null;
  billing_differs: Generated<boolean>;
  billing_city: string | null;
  billing_street_name: string | null;
  billing_street_nr: string | null;
  billing_postcode: string | null;
  billing_country: string | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrganisationContactTable {
  id: Generated<number>;
  organisation_id: number;
  full_name: string;
  company_role: string;
  email: string;
  phone: string;
  mobile: string;
  position: Generated<number>;
}

export interface UserTable {
  id: Generated<number>;
  user_name: string;
  email: string;
  first_name: string;
  last_name: string;
  organisation_id: number;
  position: Generated<string>;
  phone_number: Generated<string>;
  mobile_number: Generated<string>;
  roles: ColumnType<number[], number[] | undefined, number[]>;
  external: Generated<boolean>;
  main_contact_person: Generated<boolean>;
  status: Generated<number>;
  locked: Generated<boolean>;
  language: Generated<string>;
  password_hash: string | null;
  session_version: Generated<number>;
  version: Generated<number>;
  asset_groups: ColumnType<number[], number[] | undefined, number[]>;
  assets: ColumnType<number[], number[] | undefined, number[]>;
  archived_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountAuditTable {
  id: Generated<number>;
  actor_user_id: number | null;
  entity: string;
  entity_id: number;
  action: string;
  at: Timestamp;
}

export interface LinkTokenTable {
  id: Generated<number>;
  purpose: string;
  token_hash: string;
  user_id: number | null;
  subject_id: number | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  voided_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Failed sign-ins per lower-cased user name, known or not (DOMAIN.md §2). */
export interface SignInAttemptTable {
  user_name: string;
  failed_logins: Generated<number>;
  blocked_until: NullableTimestamp;
  updated_at: Generated<Date>;
}

export interface DB extends QuestionnaireTables, AssetTables, AnsweringTables, CertificateTables, ImportTables {
  sign_in_attempts: SignInAttemptTable;
  organisations: OrganisationTable;
  organisation_contacts: OrganisationContactTable;
  users: UserTable;
  link_tokens: LinkTokenTable;
  account_audit: AccountAuditTable;
}
