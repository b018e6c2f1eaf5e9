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

/** The tables the object and group lists' counts depend on. */
const LIST_TABLES = ['assets', 'asset_groups', 'asset_access_grants', 'organisations'] as const;

/** Exact list counts kept between requests, emptied whenever objects, groups or grants change in any process. */
export const createListCounts = (app: Pick<FastifyInstance, 'watchTables'>) => app.watchTables(LIST_TABLES, createNotifiedCache<string, number>());
