import type { AssetActor } from '@ecore/core/assets/asset-access.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import type { FastifyInstance } from 'fastify';
import { createNotifiedCache } from '../../plugins/session-cache.ts';
import { HttpError } from '../../plugins/http-error.ts';

/** The signed-in actor with the access list of their account (kept by plugins/auth.ts), as object visibility needs it. */
export async function assetActorOf(app: Pick<FastifyInstance, 'accounts'>, actor: Actor): Promise<AssetActor> {
  const account = await app.accounts.get(actor.userId);
  if (!account) throw new HttpError(401, 'unauthorized');
  return { ...actor, accessGroups: account.assetGroups, accessAssets: account.assets };
}

/** The tables the object and group lists depend on (counts; rows with names, testers and asset classes). */
const COUNT_TABLES = ['assets', 'asset_groups', 'asset_access_grants', 'organisations'] as const;
const PAGE_TABLES = [...COUNT_TABLES, 'asset_asset_types', 'users', 'asset_questionnaires'] as const;

/**
 * What the object and group lists keep between requests, emptied whenever something they show changes in
 * any process: exact counts (by the count's SQL), and whole pages (by the grants and the query; what the
 * caller may do with each row is decided afresh per request).
 */
export const createListCaches = <Page>(app: Pick<FastifyInstance, 'watchTables'>) => ({
  counts: app.watchTables(COUNT_TABLES, createNotifiedCache<string, number>()),
  pages: app.watchTables(PAGE_TABLES, createNotifiedCache<string, Page>({ maxEntries: 2000 })),
});
