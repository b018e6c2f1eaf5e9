import { sql, type Kysely, type Transaction } from 'kysely';
import type { Certificate, CertificateCluster, NewCertificate, SubjectKind } from '@ecore/core/certificates/certificate.ts';
import type { DB } from '../schema.ts';
import { enqueueSubjectWebhookEvent } from '../webhooks/webhooks-repository.ts';

const stripUndefined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

type Executor = Kysely<DB> | Transaction<DB>;

const columns = (db: Executor) =>
  db
    .selectFrom('certificates')
    .select([
      'id',
      'code',
      'subject_kind',
      'asset_id',
      'asset_group_id',
      'asset_questionnaire_id',
      'questionnaire_name',
      'label_name',
      'owner_name',
      'subject_name',
      'address',
      'ecore_score',
      'finance_score',
      'clusters',
      'taxonomy',
      'evaluator_name',
      'tester_name',
      'tester_organisation',
      'issued_at',
      'superseded_by',
      'chain_hash',
      // Calendar dates as text: a Date would shift with the process's time zone.
      sql<string>`to_char(evaluated_at, 'YYYY-MM-DD')`.as('evaluated_on'),
      sql<string>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_to'),
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof columns>['executeTakeFirstOrThrow']>>;

const numberOrNull = (v: string | number | null): number | null => (v === null ? null : Number(v));
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

const toCertificate = (r: Row): Certificate => ({
  id: r.id,
  code: r.code,
  subjectKind: r.subject_kind as SubjectKind,
  assetId: r.asset_id,
  assetGroupId: r.asset_group_id,
  assetQuestionnaireId: r.asset_questionnaire_id,
  questionnaireName: r.questionnaire_name,
  labelName: r.label_name,
  ownerName: r.owner_name,
  subjectName: r.subject_name,
  address: r.address,
  ecoreScore: numberOrNull(r.ecore_score),
  financeScore: numberOrNull(r.finance_score),
  clusters: json<CertificateCluster[]>(r.clusters),
  taxonomy: json<Certificate['taxonomy']>(r.taxonomy),
  evaluatedAt: r.evaluated_on,
  validUntil: r.valid_to,
  evaluatorName: r.evaluator_name,
  testerName: r.tester_name,
  testerOrganisation: r.tester_organisation,
  issuedAt: r.issued_at.toISOString(),
  supersededBy: r.superseded_by,
  chainHash: r.chain_hash,
});

/**
 * Stores a certificate inside the caller's transaction (the one of the state change to Closed) and marks the
 * object's or group's earlier current certificate as superseded by it.
 */
export async function insertCertificate(db: Executor, cert: NewCertificate, issuedAt: Date): Promise<Certificate> {
  const previous = await currentCertificateId(db, cert.subjectKind, (cert.subjectKind === 'asset' ? cert.assetId : cert.assetGroupId)!);
  const { id } = await db
    .insertInto('certificates')
    .values({
      code: cert.code,
      subject_kind: cert.subjectKind,
      asset_id: cert.assetId,
      asset_group_id: cert.assetGroupId,
      asset_questionnaire_id: cert.assetQuestionnaireId,
      questionnaire_name: cert.questionnaireName,
      label_name: cert.labelName,
      owner_name: cert.ownerName,
      subject_name: cert.subjectName,
      address: cert.address,
      ecore_score: cert.ecoreScore,
      finance_score: cert.financeScore,
      clusters: JSON.stringify(cert.clusters),
      taxonomy: JSON.stringify(cert.taxonomy),
      evaluated_at: cert.evaluatedAt,
      valid_until: cert.validUntil,
      evaluator_name: cert.evaluatorName,
      tester_name: cert.testerName,
      tester_organisation: cert.testerOrganisation,
      issued_at: issuedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (previous !== null) await db.updateTable('certificates').set({ superseded_by: id }).where('id', '=', previous).execute();
  const subject = cert.subjectKind === 'asset' ? { assetId: cert.assetId!, assetQuestionnaireId: cert.assetQuestionnaireId ?? undefined } : { assetGroupId: cert.assetGroupId! };
  await enqueueSubjectWebhookEvent(db, 'certificate.issued', { ...stripUndefined(subject), certificateId: id }, issuedAt);
  return (await findCertificateById(db, id))!;
}

async function currentCertificateId(db: Executor, kind: SubjectKind, subjectId: number): Promise<number | null> {
  const row = await db
    .selectFrom('certificates')
    .select('id')
    .where(kind === 'asset' ? 'asset_id' : 'asset_group_id', '=', subjectId)
    .where('subject_kind', '=', kind)
    .where('superseded_by', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findCertificateById(db: Executor, id: number): Promise<Certificate | null> {
  const row = await columns(db).where('id', '=', id).executeTakeFirst();
  return row ? toCertificate(row) : null;
}

/** The certificate of a verification code (stored form: upper case, no dashes), or null. */
export async function findCertificateByCode(db: Executor, code: string): Promise<Certificate | null> {
  const row = await columns(db).where('code', '=', code).executeTakeFirst();
  return row ? toCertificate(row) : null;
}

/** The current (latest, not superseded) certificate of an object or a group, or null. */
export async function findCurrentCertificate(db: Executor, kind: SubjectKind, subjectId: number): Promise<Certificate | null> {
  const row = await columns(db)
    .where(kind === 'asset' ? 'asset_id' : 'asset_group_id', '=', subjectId)
    .where('subject_kind', '=', kind)
    .where('superseded_by', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toCertificate(row) : null;
}

/** Every certificate of an object or a group, oldest first (the superseded ones too). */
export async function listCertificates(db: Executor, kind: SubjectKind, subjectId: number): Promise<Certificate[]> {
  const rows = await columns(db)
    .where(kind === 'asset' ? 'asset_id' : 'asset_group_id', '=', subjectId)
    .where('subject_kind', '=', kind)
    .orderBy('id')
    .execute();
  return rows.map(toCertificate);
}

/** What an issued certificate names besides the figures: the owner, the address and who tested. */
export interface CertificateParties {
  ownerName: string;
  subjectName: string;
  address: string;
  testerName: string;
  testerOrganisation: string;
}

/** The owner, name and address of an object, and its tester with organisation (the assigned tester, else the recorded reviewer). */
export async function assetParties(db: Executor, assetId: number, reviewedBy: string | null): Promise<CertificateParties> {
  const row = await db
    .selectFrom('assets')
    .innerJoin('organisations', 'organisations.id', 'assets.organisation_id')
    .leftJoin('users as tester', 'tester.id', 'assets.tester_user_id')
    .leftJoin('organisations as tester_org', 'tester_org.id', 'tester.organisation_id')
    .select([
      'assets.name',
      'assets.street',
      'assets.street_number',
      'assets.zip',
      'assets.city',
      'assets.country',
      'organisations.name as owner',
      'tester.first_name',
      'tester.last_name',
      'tester_org.name as tester_org',
    ])
    .where('assets.id', '=', assetId)
    .executeTakeFirstOrThrow();
  const tester = row.first_name !== null ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null;
  return {
    ownerName: row.owner,
    subjectName: row.name,
    address: addressLine(row),
    testerName: reviewedBy ?? tester ?? '',
    testerOrganisation: row.tester_org ?? '',
  };
}

/** The owner and name of a group, its objects' addresses as "n objects", and the group's tester. */
export async function groupParties(db: Executor, groupId: number): Promise<CertificateParties & { objectAddresses: string[] }> {
  const row = await db
    .selectFrom('asset_groups')
    .innerJoin('organisations', 'organisations.id', 'asset_groups.organisation_id')
    .leftJoin('users as tester', 'tester.id', 'asset_groups.tester_user_id')
    .leftJoin('organisations as tester_org', 'tester_org.id', 'tester.organisation_id')
    .select(['asset_groups.name', 'organisations.name as owner', 'organisations.street', 'organisations.number', 'organisations.zip', 'organisations.city', 'organisations.country', 'tester.first_name', 'tester.last_name', 'tester_org.name as tester_org'])
    .where('asset_groups.id', '=', groupId)
    .executeTakeFirstOrThrow();
  const objects = await db.selectFrom('assets').select(['street', 'street_number', 'zip', 'city', 'country']).where('asset_group_id', '=', groupId).orderBy('id').execute();
  return {
    ownerName: row.owner,
    subjectName: row.name,
    // A portfolio's address is its owner's; its objects' addresses are listed separately.
    address: addressLine({ street: row.street, street_number: row.number, zip: row.zip, city: row.city, country: row.country }),
    testerName: row.first_name !== null ? `${row.first_name} ${row.last_name ?? ''}`.trim() : '',
    testerOrganisation: row.tester_org ?? '',
    objectAddresses: objects.map(addressLine),
  };
}

const addressLine = (a: { street: string; street_number: string; zip: string; city: string; country: string }): string =>
  [`${a.street} ${a.street_number}`.trim(), `${a.zip} ${a.city}`.trim(), a.country].filter((part) => part !== '').join(', ');

/**
 * The finance partners of the buyer organisations that own the object (a buyer asset) or were granted access to
 * it (DOMAIN.md §1: they see those objects' finance score); a finance partner's users see its certificate.
 */
export async function financePartnersOfAsset(db: Executor, assetId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    select distinct o.finance_partner_organisation_id as id
      from organisations o
     where o.is_buyer and o.finance_partner_organisation_id is not null
       and (o.id in (select organisation_id from assets where id = ${assetId} and is_buyer_asset)
            or o.id in (select organisation_id from asset_access_grants where asset_id = ${assetId}))`.execute(db);
  return rows.rows.map((r) => r.id);
}
