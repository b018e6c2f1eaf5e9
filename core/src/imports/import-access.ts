import * as E from 'fp-ts/Either';
import { Role } from '../identity/roles.ts';

/** The actor as imports see them (DOMAIN.md §10). */
export interface ImportActor {
  roles: readonly Role[];
  orgId: number;
  orgFinance: boolean;
  accessGroups: readonly number[];
  accessAssets: readonly number[];
}

export type ImportKind = 'assets' | 'answers';

const OBJECT_IMPORTERS: readonly Role[] = [Role.ImportAdmin, Role.ObjectAdministrator, Role.AccountAdministrator];
const ANSWER_IMPORTERS: readonly Role[] = [...OBJECT_IMPORTERS, Role.ObjectDataCollector];

/**
 * Who imports (DOMAIN.md §10): ImportAdmin and ObjectAdministrator objects and answers, ObjectDataCollector answers
 * only, AccountAdministrator for any organisation; nobody else. Finance partners only export (spec 01 §6).
 */
export const mayImport = (actor: Pick<ImportActor, 'roles' | 'orgFinance'>, kind: ImportKind): boolean =>
  !actor.orgFinance && actor.roles.some((r) => (kind === 'assets' ? OBJECT_IMPORTERS : ANSWER_IMPORTERS).includes(r));

/** May the actor see the import screen at all (its navigation entry)? */
export const mayUseImports = (actor: Pick<ImportActor, 'roles' | 'orgFinance'>): boolean => mayImport(actor, 'answers');

/** The organisation imported for: the named one for the account administrator (its own where none), else the actor's own. */
export const importOrganisation = (actor: Pick<ImportActor, 'roles' | 'orgId'>, named: number | undefined): E.Either<'forbidden', number> => {
  if (actor.roles.includes(Role.AccountAdministrator)) return E.right(named ?? actor.orgId);
  return named === undefined || named === actor.orgId ? E.right(actor.orgId) : E.left('forbidden');
};

/** Which groups and objects of the organisation the import may touch: the access list where there is one (DOMAIN.md §1, §10). */
export interface ImportScope {
  groupIds: readonly number[] | null;
  assetIds: readonly number[] | null;
}

export const importScope = (actor: ImportActor): ImportScope =>
  actor.roles.includes(Role.AccountAdministrator)
    ? { groupIds: null, assetIds: null }
    : { groupIds: actor.accessGroups.length > 0 ? actor.accessGroups : null, assetIds: actor.accessAssets.length > 0 ? actor.accessAssets : null };

export const scopeCoversAsset = (scope: ImportScope, asset: { id: number; assetGroupId: number }): boolean =>
  (scope.groupIds === null || scope.groupIds.includes(asset.assetGroupId)) && (scope.assetIds === null || scope.assetIds.includes(asset.id));

/** New groups only for importers without a group list (a list names the groups they may work in). */
export const mayCreateGroups = (scope: ImportScope): boolean => scope.groupIds === null && scope.assetIds === null;
