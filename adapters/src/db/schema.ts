import type { ColumnType, Generated } from 'kysely';
import type { QuestionnaireTables } from './questionnaires/tables.ts';
import type { AssetTables } from './assets/tables.ts';
import type { AnsweringTables } from './answering/tables.ts';
import type { CertificateTables } from './certificates/tables.ts';
import type { AnnualTables } from './answering/annual-tables.ts';
import type { OutlierTables } from './answering/outlier-repository.ts';
import type { ImportTables } from './imports/tables.ts';
import type { WebhookTables } from './webhooks/tables.ts';
import type { AuditChainTables } from './review/audit-chain-repository.ts';
import type { EvidenceTables } from './answering/evidence-repository.ts';
import type { BankTables } from './banks/tables.ts';

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
  /** Every user of the organisation signs in with an authenticator app (docs/sign-in.md). */
  require_totp: Generated<boolean>;
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

/** Sign-ins of known users, kept 90 days (issue 24, migration 080). */
export interface SignInEventTable {
  id: Generated<number>;
  user_id: number;
  at: Timestamp;
  /** 'signedIn', 'refused' (wrong password or not allowed) or 'blocked' (too many failures). */
  outcome: string;
  /** The client's address as the server saw it (TRUST_PROXY). */
  address: Generated<string>;
  /** null: the password (and a code after it); 'sso': single sign-on; 'passkey'. */
  method: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A user's authenticator app: the secret sealed with SECRETS_KEY, never in clear (docs/sign-in.md). */
export interface UserTotpTable {
  user_id: number;
  secret_sealed: string;
  created_at: Timestamp;
  confirmed_at: NullableTimestamp;
  /** The 30-second step of the last accepted code (a bigint column: read as a string by node-postgres). */
  last_used_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  last_used_at: NullableTimestamp;
}

/** An organisation's single sign-on (OpenID Connect): the client secret sealed with SECRETS_KEY. */
export interface OrganisationSsoTable {
  organisation_id: number;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  domains: string[];
  sso_only: Generated<boolean>;
  updated_at: Timestamp;
}

/** A user's passkey (WebAuthn): the public key and counter, never a private key. */
export interface UserPasskeyTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: ColumnType<string | number, number | string | undefined, number | string>;
  transports: Generated<string[]>;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

/** A single sign-on under way: one return within ten minutes. */
export interface SsoLoginTable {
  id: Generated<number>;
  state_hash: string;
  organisation_id: number;
  email: string;
  nonce: string;
  code_verifier: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** One-time recovery codes, as SHA-256 hashes. */
export interface UserRecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

/** Personal access tokens (issue 21): only the hash of the secret. */
export interface ApiTokenTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  scopes: string[];
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** The first answer of a creating POST per user and Idempotency-Key (24 h; issue 21). */
export interface IdempotencyKeyTable {
  user_id: number;
  key: string;
  request_hash: string;
  created_at: Timestamp;
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
}

export interface DB extends QuestionnaireTables, AssetTables, AnsweringTables, CertificateTables, AnnualTables, ImportTables, OutlierTables, WebhookTables, AuditChainTables, EvidenceTables, BankTables {
  sign_in_attempts: SignInAttemptTable;
  sign_in_events: SignInEventTable;
  organisations: OrganisationTable;
  organisation_contacts: OrganisationContactTable;
  users: UserTable;
  link_tokens: LinkTokenTable;
  account_audit: AccountAuditTable;
  api_tokens: ApiTokenTable;
  idempotency_keys: IdempotencyKeyTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodeTable;
  organisation_sso: OrganisationSsoTable;
  sso_logins: SsoLoginTable;
  user_passkeys: UserPasskeyTable;
}
