import type { AssetActor } from '@ecore/core/assets/asset-access.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../plugins/http-error.ts';

/** The signed-in actor with the access list of their account (kept by plugins/auth.ts), as object visibility needs it. */
export async function assetActorOf(app: Pick<FastifyInstance, 'accounts'>, actor: Actor): Promise<AssetActor> {
  const account = await app.accounts.get(actor.userId);
  if (!account) throw new HttpError(401, 'unauthorized');
  return { ...actor, accessGroups: account.assetGroups, accessAssets: account.assets };
}
