import { sql, type Kysely } from 'kysely';
import type { AssetGrant } from '@ecore/core/assets/asset-access.ts';
import type { DB } from '../schema.ts';
import { visibleAssetsCondition } from './assets-repository.ts';

type Executor = Kysely<DB>;

export async function insertAccessRequest(
  db: Executor,
  request: { assetId: number; buyerOrganisationId: number; requestedBy: number; language: 'de' | 'en'; tokenHash: string; expiresAt: number; createdAt: number },
): Promise<number> {
  const row = await db
    .insertInto('asset_access_requests')
    .values({
      asset_id: request.assetId,
      buyer_organisation_id: request.buyerOrganisationId,
      requested_by: request.requestedBy,
      language: request.language,
      token_hash: request.tokenHash,
      expires_at: new Date(request.expiresAt),
      created_at: new Date(request.createdAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Requests with the object asked for and the buyer organisation asking. */
const requestsWithAssetAndBuyer = (db: Executor) =>
  db
    .selectFrom('asset_access_requests')
    .innerJoin('assets', 'assets.id', 'asset_access_requests.asset_id')
    .innerJoin('organisations as buyer', 'buyer.id', 'asset_access_requests.buyer_organisation_id');

export async function findAccessRequest(db: Executor, id: number) {
  const row = await requestsWithAssetAndBuyer(db)
    .select([
      'asset_access_requests.id',
      'asset_access_requests.asset_id',
      'asset_access_requests.buyer_organisation_id',
      'asset_access_requests.token_hash',
      'asset_access_requests.expires_at',
      'asset_access_requests.decided_at',
      'assets.name as asset_name',
      'assets.organisation_id as asset_organisation_id',
      'assets.asset_group_id',
      'assets.is_buyer_asset',
      'buyer.name as buyer_organisation_name',
    ])
    .where('asset_access_requests.id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        assetId: row.asset_id,
        buyerOrganisationId: row.buyer_organisation_id,
        tokenHash: row.token_hash,
        expiresAt: row.expires_at.getTime(),
        decidedAt: row.decided_at ? row.decided_at.getTime() : null,
        assetName: row.asset_name,
        buyerOrganisationName: row.buyer_organisation_name,
        /** The object's facts that decide who decides for it (core `mayDecideAccessRequest`). */
        asset: { id: row.asset_id, organisationId: row.asset_organisation_id, assetGroupId: row.asset_group_id, isBuyerAsset: row.is_buyer_asset, testerUserId: null, grantedOrganisationIds: [] },
      }
    : null;
}

/** Stores the owner's decision once; false when another click decided first. An approval grants read access. */
export async function decideAccessRequest(db: Executor, id: number, decision: boolean, now: number): Promise<boolean> {
  const result = await db
    .updateTable('asset_access_requests')
    .set({ decision, decided_at: new Date(now) })
    .where('id', '=', id)
    .where('decided_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (decision) {
    const request = await db.selectFrom('asset_access_requests').select(['asset_id', 'buyer_organisation_id']).where('id', '=', id).executeTakeFirstOrThrow();
    await db
      .insertInto('asset_access_grants')
      .values({ asset_id: request.asset_id, organisation_id: request.buyer_organisation_id, granted_at: new Date(now) })
      .onConflict((oc) => oc.columns(['asset_id', 'organisation_id']).doNothing())
      .execute();
  }
  return true;
}

/**
 * Locks the buyer organisation's row for the rest of the transaction and answers what it already did
 * (a grant, an open request for the object, its requests since `windowStart`): two parallel requests of
 * one organisation are decided one after the other, so the owner is mailed once.
 */
export async function lockBuyerHistory(trx: Executor, assetId: number | null, buyerOrganisationId: number, now: number, windowStart: number) {
  await trx.selectFrom('organisations').select('id').where('id', '=', buyerOrganisationId).forUpdate().execute();
  const counted = await trx
    .selectFrom('asset_access_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('buyer_organisation_id', '=', buyerOrganisationId)
    .where('created_at', '>', new Date(windowStart))
    .executeTakeFirstOrThrow();
  if (assetId === null) return { alreadyGranted: false, openRequest: false, requestsInWindow: Number(counted.n) };
  const grant = await trx.selectFrom('asset_access_grants').select('asset_id').where('asset_id', '=', assetId).where('organisation_id', '=', buyerOrganisationId).executeTakeFirst();
  const open = await trx
    .selectFrom('asset_access_requests')
    .select('id')
    .where('asset_id', '=', assetId)
    .where('buyer_organisation_id', '=', buyerOrganisationId)
    .where('decided_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .executeTakeFirst();
  return { alreadyGranted: grant !== undefined, openRequest: open !== undefined, requestsInWindow: Number(counted.n) };
}

/** The requests a buyer organisation made, newest first, with the object's name and owner (core's buyerViewOfRequest decides what is shown). */
export async function listAccessRequestsOfBuyer(db: Executor, buyerOrganisationId: number) {
  const rows = await db
    .selectFrom('asset_access_requests')
    .innerJoin('assets', 'assets.id', 'asset_access_requests.asset_id')
    .innerJoin('organisations as owner', 'owner.id', 'assets.organisation_id')
    .select([
      'asset_access_requests.id',
      'asset_access_requests.asset_id',
      'assets.name as asset_name',
      'owner.name as owner_name',
      'asset_access_requests.created_at',
      'asset_access_requests.decision',
      'asset_access_requests.decided_at',
    ])
    .where('asset_access_requests.buyer_organisation_id', '=', buyerOrganisationId)
    .orderBy('asset_access_requests.created_at', 'desc')
    .orderBy('asset_access_requests.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    assetId: r.asset_id,
    assetName: r.asset_name,
    ownerOrganisationName: r.owner_name,
    requestedAt: r.created_at.toISOString(),
    decision: r.decision,
    decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
  }));
}

/** Who is told about a request: the owner organisation's contacts (spec 02 §2 "notify the owners"). */
export async function ownerContacts(db: Executor, organisationId: number) {
  return db.selectFrom('organisation_contacts').select(['full_name', 'email']).where('organisation_id', '=', organisationId).orderBy('position').execute();
}


/** At most this many received requests are listed (open ones first). */
export const RECEIVED_REQUESTS_LIMIT = 500;

/**
 * The requests buyer organisations made for the objects these grants cover (core `accessDecisionGrants`): open ones
 * at `now` first, then the others, each the newest first (core `compareReceivedRequests`), at most
 * RECEIVED_REQUESTS_LIMIT. Through the objects' organisation index and the requests' index by object (migration 129).
 */
export async function listAccessRequestsReceived(db: Executor, grants: readonly AssetGrant[], now: number) {
  const at = new Date(now);
  const rows = await requestsWithAssetAndBuyer(db)
    .select([
      'asset_access_requests.id',
      'asset_access_requests.asset_id',
      'assets.name as asset_name',
      'assets.is_buyer_asset',
      'buyer.name as buyer_name',
      'asset_access_requests.created_at',
      'asset_access_requests.expires_at',
      'asset_access_requests.decision',
      'asset_access_requests.decided_at',
    ])
    .where(visibleAssetsCondition(grants))
    .orderBy(sql`case when asset_access_requests.decided_at is null and asset_access_requests.expires_at > ${at} then 0 else 1 end`)
    .orderBy('asset_access_requests.created_at', 'desc')
    .orderBy('asset_access_requests.id', 'desc')
    .limit(RECEIVED_REQUESTS_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    assetId: r.asset_id,
    assetName: r.asset_name,
    isBuyerAsset: r.is_buyer_asset,
    buyerOrganisationName: r.buyer_name,
    requestedAt: r.created_at.getTime(),
    expiresAt: r.expires_at.getTime(),
    decision: r.decision,
    decidedAt: r.decided_at ? r.decided_at.getTime() : null,
  }));
}
