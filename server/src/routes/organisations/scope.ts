import { organisationScope } from '@ecore/core/identity/account-scope.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { tiedBuyerOrganisationIds } from '@ecore/adapters/db/organisations/organisations-repository.ts';
import type { AppDeps } from '../../deps.ts';

/** The organisation ids whose accounts the actor may see (core decides the kind, the database the ids); null means all. */
export async function organisationIdsInScope(deps: AppDeps, actor: Actor): Promise<number[] | null> {
  const scope = organisationScope(actor);
  switch (scope.kind) {
    case 'all':
      return null;
    case 'own':
      return [scope.orgId];
    case 'ownAndTiedBuyers':
      return [scope.orgId, ...(await tiedBuyerOrganisationIds(deps.db, scope.orgId))];
  }
}

export const inScope = (ids: number[] | null, organisationId: number): boolean => ids === null || ids.includes(organisationId);
