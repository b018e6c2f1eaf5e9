import type { AssetActor, AssetFacts } from '@ecore/core/assets/asset-access.ts';
import type { Actor } from '@ecore/core/identity/session.ts';

/*
 * Core's answering rights (mayStartQuestionnaire, mayAnswer, mayUpdateToActive) take the actor with the access
 * list of their account and the facts of an object. The session's token carries no access list: the client asks
 * core as if there were none, which only ever offers an action the server then refuses (404, with its toast),
 * never hides one the user has.
 */

export const assetActorOf = (actor: Actor): AssetActor => ({ ...actor, accessGroups: [], accessAssets: [] });

/** The facts of an object as the object page and the questionnaire page know it. */
export const objectFactsOf = (object: { id: number; organisationId: number; assetGroupId: number; isBuyerAsset: boolean }): AssetFacts => ({
  id: object.id,
  organisationId: object.organisationId,
  assetGroupId: object.assetGroupId,
  isBuyerAsset: object.isBuyerAsset,
  testerUserId: null,
  grantedOrganisationIds: [],
});

/** An object of a group, for rights that a group action asks of its objects (buyers act on buyer assets). */
export const groupObjectFactsOf = (actor: Actor, group: { id: number; organisationId: number }): AssetFacts =>
  objectFactsOf({ id: 0, organisationId: group.organisationId, assetGroupId: group.id, isBuyerAsset: actor.orgBuyer });
