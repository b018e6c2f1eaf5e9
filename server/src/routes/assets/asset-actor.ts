import type { AssetActor } from '@ecore/core/assets/asset-access.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { findUserAccount } from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import type { AppDeps } from '../../app.ts';
import { HttpError } from '../../plugins/http-error.ts';

/** The signed-in actor with the access list of their account, as object visibility needs it. */
export async function assetActorOf(deps: AppDeps, actor: Actor): Promise<AssetActor> {
  const account = await findUserAccount(deps.db, actor.userId);
  if (!account) throw new HttpError(401, 'unauthorized');
  return { ...actor, accessGroups: account.assetGroups, accessAssets: account.assets };
}
