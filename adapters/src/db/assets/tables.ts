import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** `date` columns: PostgreSQL answers a Date (PGlite too); we write 'YYYY-MM-DD'. */
type NullableDate = ColumnType<Date | string | null, string | null | undefined, string | null>;

export interface AssetTypeTable {
  id: number;
  identifier: string;
  is_pilot: boolean;
  available_for_buyers: boolean;
}

export interface AssetGroupTable {
  id: Generated<number>;
  name: string;
  organisation_id: number;
  status: Generated<string>;
  tester_user_id: number | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AssetTable {
  id: Generated<number>;
  name: string;
  /** The owner's own reference (issue 20), unique within the organisation. */
  external_id: string | null;
  organisation_id: number;
  asset_group_id: number;
  is_buyer_asset: Generated<boolean>;
  country: string;
  city: string;
  zip: string;
  street: string;
  street_number: string;
  construction_year: number | null;
  renovation_year: number | null;
  feature_quality: Generated<string>;
  asset_total_area: number;
  usable_area: Generated<number>;
  renting_people: Generated<number>;
  historic_protection: Generated<string>;
  ipms2: Generated<number>;
  conditions_and_environment_goals: Generated<string>;
  conditioned_area: Generated<number>;
  project_characteristics: string | null;
  project_status: string | null;
  determination_start_date: NullableDate;
  acceptance_date: NullableDate;
  handover_date: NullableDate;
  planning_permission_date: NullableDate;
  net_room_area: Generated<number>;
  rental_area: Generated<number>;
  description: string | null;
  tester_user_id: number | null;
  created_by: number | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The latest filled questionnaire and its state (DOMAIN.md §9), kept by the answering repository. */
  latest_questionnaire_id: number | null;
  questionnaire_state: string | null;
  /** The energy performance certificate (DOMAIN.md §11). */
  epc_class: string | null;
  epc_type: string | null;
  epc_primary_energy_demand: number | null;
  epc_final_energy_demand: number | null;
  epc_registration_number: string | null;
  epc_issued_at: NullableDate;
  epc_valid_until: NullableDate;
  large_non_residential: Generated<boolean>;
  energy_monitoring: Generated<boolean>;
}

export interface AssetAssetTypeTable {
  asset_id: number;
  asset_type_id: number;
  percentage: number;
  position: Generated<number>;
}

export interface AssetAccessRequestTable {
  id: Generated<number>;
  asset_id: number;
  buyer_organisation_id: number;
  requested_by: number | null;
  language: Generated<string>;
  token_hash: string;
  expires_at: Timestamp;
  decision: boolean | null;
  decided_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AssetAccessGrantTable {
  asset_id: number;
  organisation_id: number;
  granted_at: Timestamp;
}

export interface AssetTables {
  asset_types: AssetTypeTable;
  asset_groups: AssetGroupTable;
  assets: AssetTable;
  asset_asset_types: AssetAssetTypeTable;
  asset_access_requests: AssetAccessRequestTable;
  asset_access_grants: AssetAccessGrantTable;
}
