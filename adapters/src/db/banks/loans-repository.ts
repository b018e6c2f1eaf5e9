import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { AssetClassShare } from '@ecore/core/assets/asset-class-shares.ts';
import type { EpcFields } from '@ecore/core/banks/epc.ts';
import type { StoredLoan } from '@ecore/core/banks/loan-tape.ts';
import type { FinancePartnerScope } from '@ecore/core/exports/finance-partner-scope.ts';
import { inScope } from '../exports/finance-export-repository.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** An object a bank may see, as its loans name it. */
export interface BankObject {
  id: number;
  objectName: string;
  externalId: string | null;
  assetGroupId: number;
  groupName: string;
}

const A = sql.raw('a');

/** The objects of the bank's scope among the given portal ids and external ids (the export area's scope). */
export async function bankObjects(db: Executor, scope: FinancePartnerScope, wanted: { ids?: readonly number[]; externalIds?: readonly string[] } = {}): Promise<BankObject[]> {
  const ids = (wanted.ids ?? []).filter((id) => id <= 2_147_483_647);
  const externalIds = wanted.externalIds ?? [];
  const all = wanted.ids === undefined && wanted.externalIds === undefined;
  if (!all && ids.length === 0 && externalIds.length === 0) return [];
  const which = all ? sql<SqlBool>`true` : sql<SqlBool>`(a.id = any(${[...ids]}::int[]) or a.external_id = any(${[...externalIds]}::text[]))`;
  const rows = await sql<{ id: number; name: string; external_id: string | null; asset_group_id: number; group_name: string }>`
    select a.id, a.name, a.external_id, a.asset_group_id, g.name as group_name
      from assets a join asset_groups g on g.id = a.asset_group_id
     where ${which} and ${inScope(scope, A)}
     order by a.id`.execute(db);
  return rows.rows.map((r) => ({ id: r.id, objectName: r.name, externalId: r.external_id, assetGroupId: r.asset_group_id, groupName: r.group_name }));
}

/** A stored loan with its row id. */
export interface LoanRecord extends StoredLoan {
  id: number;
}

const loanColumns = [
  'id',
  'loan_id',
  'asset_id',
  'outstanding_amount',
  'property_value_at_origination',
  sql<string>`to_char(origination_date, 'YYYY-MM-DD')`.as('origination'),
  sql<string>`to_char(reporting_date, 'YYYY-MM-DD')`.as('reporting'),
] as const;

const toLoan = (r: { id: number; loan_id: string; asset_id: number; outstanding_amount: number; property_value_at_origination: number; origination: string; reporting: string }): LoanRecord => ({
  id: r.id,
  loanId: r.loan_id,
  assetId: r.asset_id,
  outstandingAmount: Number(r.outstanding_amount),
  propertyValueAtOrigination: Number(r.property_value_at_origination),
  originationDate: r.origination,
  reportingDate: r.reporting,
});

/** The bank's loans, by loan id. */
export async function bankLoans(db: Executor, bankId: number): Promise<LoanRecord[]> {
  const rows = await db.selectFrom('bank_loans').select(loanColumns).where('bank_organisation_id', '=', bankId).orderBy('loan_id').execute();
  return rows.map(toLoan);
}

/** One loan of the bank by its loan id; null where the bank has none of that id. */
export async function findLoan(db: Executor, bankId: number, loanId: string): Promise<LoanRecord | null> {
  const row = await db.selectFrom('bank_loans').select(loanColumns).where('bank_organisation_id', '=', bankId).where('loan_id', '=', loanId).executeTakeFirst();
  return row ? toLoan(row) : null;
}

const values = (bankId: number, loan: StoredLoan, at: Date) => ({
  bank_organisation_id: bankId,
  loan_id: loan.loanId,
  asset_id: loan.assetId,
  outstanding_amount: loan.outstandingAmount,
  property_value_at_origination: loan.propertyValueAtOrigination,
  origination_date: loan.originationDate,
  reporting_date: loan.reportingDate,
  created_at: at,
  updated_at: at,
});

/** Creates or replaces the bank's loans of these loan ids (an import), 1 000 a statement. */
export async function storeLoans(trx: Executor, bankId: number, loans: readonly StoredLoan[], at: Date): Promise<void> {
  for (let i = 0; i < loans.length; i += 1000) {
    await trx
      .insertInto('bank_loans')
      .values(loans.slice(i, i + 1000).map((l) => values(bankId, l, at)))
      .onConflict((oc) =>
        oc.columns(['bank_organisation_id', 'loan_id']).doUpdateSet((eb) => ({
          asset_id: eb.ref('excluded.asset_id'),
          outstanding_amount: eb.ref('excluded.outstanding_amount'),
          property_value_at_origination: eb.ref('excluded.property_value_at_origination'),
          origination_date: eb.ref('excluded.origination_date'),
          reporting_date: eb.ref('excluded.reporting_date'),
          updated_at: at,
        })),
      )
      .execute();
  }
}

/** Removes one loan of the bank; false where it had none of that id. */
export async function deleteLoan(db: Executor, bankId: number, loanId: string): Promise<boolean> {
  const result = await db.deleteFrom('bank_loans').where('bank_organisation_id', '=', bankId).where('loan_id', '=', loanId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What the portfolio reads of one object: its form fields, its certificate, the questionnaire its carbon comes from, its label. */
export interface BankObjectRecord {
  id: number;
  country: string;
  assetAssetTypes: AssetClassShare[];
  assetTotalArea: number | null;
  constructionYear: number | null;
  epc: EpcFields;
  /** The latest closed (else latest) filled questionnaire. */
  questionnaire: { id: number; templateId: number; reportingYear: number; state: string; ecoreScore: number | null; financeScore: number | null } | null;
  labelValidUntil: string | null;
}

interface FactRow {
  id: number;
  country: string;
  asset_total_area: number | null;
  construction_year: number | null;
  epc_class: string | null;
  epc_type: string | null;
  epc_primary_energy_demand: number | null;
  epc_final_energy_demand: number | null;
  epc_registration_number: string | null;
  epc_issued: string | null;
  epc_valid: string | null;
  large_non_residential: boolean;
  energy_monitoring: boolean;
  aq_id: number | null;
  template_id: number | null;
  reporting_year: number | null;
  state: string | null;
  ecore_score: number | null;
  finance_score: number | null;
  label_valid_until: string | null;
}

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The facts of the objects with these ids (ids not found are left out). */
export async function bankObjectRecords(db: Executor, assetIds: readonly number[]): Promise<Map<number, BankObjectRecord>> {
  const out = new Map<number, BankObjectRecord>();
  if (assetIds.length === 0) return out;
  const ids = [...new Set(assetIds)];
  const [rows, classes] = await Promise.all([
    sql<FactRow>`
      select a.id, a.country, a.asset_total_area, a.construction_year, a.epc_class, a.epc_type, a.epc_primary_energy_demand,
             a.epc_final_energy_demand, a.epc_registration_number, to_char(a.epc_issued_at, 'YYYY-MM-DD') as epc_issued,
             to_char(a.epc_valid_until, 'YYYY-MM-DD') as epc_valid, a.large_non_residential, a.energy_monitoring,
             q.id as aq_id, q.questionnaire_id as template_id, q.reporting_year, q.state, q.ecore_score, q.finance_score,
             (select to_char(max(c.valid_until), 'YYYY-MM-DD') from certificates c where c.asset_id = a.id and c.superseded_by is null) as label_valid_until
        from assets a
        left join lateral (
          select aq.id, aq.questionnaire_id, aq.reporting_year, aq.state, aq.ecore_score, aq.finance_score from asset_questionnaires aq
           where aq.asset_id = a.id order by (aq.state = 'Closed') desc, aq.reporting_year desc, aq.id desc limit 1) q on true
       where a.id = any(${ids}::int[])`.execute(db),
    sql<{ asset_id: number; asset_type_id: number; percentage: number }>`
      select asset_id, asset_type_id, percentage from asset_asset_types where asset_id = any(${ids}::int[]) order by asset_id, position`.execute(db),
  ]);
  const sharesOf = new Map<number, AssetClassShare[]>();
  for (const c of classes.rows) sharesOf.set(c.asset_id, [...(sharesOf.get(c.asset_id) ?? []), { assetTypeId: c.asset_type_id, percentage: Number(c.percentage) }]);
  for (const r of rows.rows) {
    out.set(r.id, {
      id: r.id,
      country: r.country,
      assetAssetTypes: sharesOf.get(r.id) ?? [],
      assetTotalArea: numberOrNull(r.asset_total_area),
      constructionYear: r.construction_year,
      epc: {
        epcClass: r.epc_class as EpcFields['epcClass'],
        epcType: r.epc_type as EpcFields['epcType'],
        epcPrimaryEnergyDemand: numberOrNull(r.epc_primary_energy_demand),
        epcFinalEnergyDemand: numberOrNull(r.epc_final_energy_demand),
        epcRegistrationNumber: r.epc_registration_number,
        epcIssuedAt: r.epc_issued,
        epcValidUntil: r.epc_valid,
        largeNonResidential: r.large_non_residential,
        energyMonitoring: r.energy_monitoring,
      },
      questionnaire:
        r.aq_id === null
          ? null
          : { id: r.aq_id, templateId: r.template_id!, reportingYear: r.reporting_year!, state: r.state!, ecoreScore: numberOrNull(r.ecore_score), financeScore: numberOrNull(r.finance_score) },
      labelValidUntil: r.label_valid_until,
    });
  }
  return out;
}
