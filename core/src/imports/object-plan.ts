import type { AssetBody } from '../assets/object.ts';
import type { RowObject, RowProblem, RowStatus } from './import-table.ts';
import { normaliseHeader } from './object-columns.ts';
import type { ObjectRow } from './object-row.ts';
import { scopeCoversAsset, mayCreateGroups, type ImportScope } from './import-access.ts';

type ObjectFields = Omit<AssetBody, 'assetGroupId' | 'id' | 'version'>;

/** A stored object of the organisation, as the plan compares it. */
export interface ExistingObject {
  id: number;
  version: number;
  assetGroupId: number;
  fields: ObjectFields;
}

export interface ExistingGroup {
  id: number;
  name: string;
}

/** What the import does with one row, and which object it is about (`object`, for the preview). */
export type PlannedRow = { object: RowObject } & (
  | { row: number; status: 'failed'; assetId: number | null; problems: RowProblem[] }
  | { row: number; status: 'unchanged'; assetId: number; problems: [] }
  | { row: number; status: 'created'; assetId: null; group: GroupRef; body: ObjectFields; problems: [] }
  | { row: number; status: 'updated'; assetId: number; version: number; group: GroupRef; body: ObjectFields; problems: [] }
);

/** A group by its id, or one the import creates by its name. */
export type GroupRef = { kind: 'existing'; id: number } | { kind: 'new'; name: string };

export interface ObjectPlan {
  rows: PlannedRow[];
  /** The names of the groups the import creates (the preview says so). */
  groupsToCreate: string[];
}

export interface PlanContext {
  /** The organisation's objects the rows name, by external id and by id (whatever the importer may see or not). */
  byExternalId: ReadonlyMap<string, ExistingObject>;
  byId: ReadonlyMap<number, ExistingObject>;
  /** The organisation's groups. */
  groups: readonly ExistingGroup[];
  scope: ImportScope;
  /** Headers as the file writes them, for the errors. */
  headerOf: (key: string) => string;
}

/** Two objects' fields are the same where every field the form saves is equal (dates by day, texts as trimmed). */
export const sameFields = (a: ObjectFields, b: ObjectFields): boolean => {
  const { assetAssetTypes: sa, externalId: ea, ...ra } = a;
  const { assetAssetTypes: sb, externalId: eb, ...rb } = b;
  if ((ea ?? null) !== (eb ?? null) && ea !== undefined && ea !== null) return false;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]) as Set<keyof typeof ra>;
  // A field the row leaves out (a certificate field of a file without those columns) keeps the stored value.
  for (const key of keys) if (ra[key] !== undefined && (ra[key] ?? null) !== (rb[key] ?? null)) return false;
  const sort = (s: typeof sa) => [...s].sort((x, y) => x.assetTypeId - y.assetTypeId).map((x) => `${x.assetTypeId}:${x.percentage}`).join(',');
  return sort(sa) === sort(sb);
};

/**
 * Decides each row (DOMAIN.md §10): an object matches on its externalId, else on the portal id of a row exported
 * earlier, else is created; a row naming an object the importer may not change is an error, never an update; the
 * same externalId or id twice in one file is an error in each row; groups match by name, a missing one is created.
 */
export const planObjectImport = (rows: readonly ObjectRow[], context: PlanContext): ObjectPlan => {
  const firstRowOf = (values: (string | number | null)[]) => {
    const rowsBy = new Map<string | number, number[]>();
    values.forEach((v, i) => {
      if (v !== null) rowsBy.set(v, [...(rowsBy.get(v) ?? []), rows[i]!.row]);
    });
    return rowsBy;
  };
  const externalRows = firstRowOf(rows.map((r) => r.externalId));
  const idRows = firstRowOf(rows.map((r) => r.id));
  const groupByName = new Map(context.groups.map((g) => [normaliseHeader(g.name), g]));
  const groupsToCreate = new Map<string, string>();

  const groupNameOf = new Map(context.groups.map((g) => [g.id, g.name]));
  /** The object a row is about: the file's name, external id and group, else the stored object's. */
  const objectOf = (r: ObjectRow, target: ExistingObject | null): RowObject => ({
    objectName: r.objectName ?? target?.fields.objectName ?? null,
    externalId: r.externalId ?? target?.fields.externalId ?? null,
    objectGroup: r.groupName ?? (target ? (groupNameOf.get(target.assetGroupId) ?? null) : null),
  });
  const planned = rows.map((r): PlannedRow => {
    const problems: RowProblem[] = [...r.problems];
    const other = (list: number[] | undefined) => list?.find((n) => n !== r.row);
    const duplicateExternal = r.externalId === null ? undefined : other(externalRows.get(r.externalId));
    if (duplicateExternal !== undefined) problems.push({ column: context.headerOf('externalId'), key: 'import-duplicate-external-id', params: { value: r.externalId!, row: duplicateExternal } });
    const duplicateId = r.id === null ? undefined : other(idRows.get(r.id));
    if (duplicateId !== undefined) problems.push({ column: context.headerOf('id'), key: 'import-duplicate-id', params: { value: r.id!, row: duplicateId } });

    // The object the row names: by externalId, else by id; one outside the importer's reach is "not found".
    let target: ExistingObject | null = null;
    const byExternal = r.externalId === null ? undefined : context.byExternalId.get(r.externalId);
    const reachable = (o: ExistingObject | undefined) => o !== undefined && scopeCoversAsset(context.scope, { id: o.id, assetGroupId: o.assetGroupId });
    if (byExternal) {
      if (!reachable(byExternal)) problems.push({ column: context.headerOf('externalId'), key: 'import-object-not-found', params: { value: r.externalId! } });
      else if (r.id !== null && r.id !== byExternal.id) problems.push({ column: context.headerOf('id'), key: 'import-id-mismatch', params: { value: r.id } });
      else target = byExternal;
    } else if (r.id !== null) {
      const byId = context.byId.get(r.id);
      if (!reachable(byId)) problems.push({ column: context.headerOf('id'), key: 'import-object-not-found', params: { value: r.id } });
      else target = byId!;
    }

    let group: GroupRef | null = null;
    if (r.groupName !== null) {
      const found = groupByName.get(normaliseHeader(r.groupName));
      if (found) {
        if (context.scope.groupIds !== null && !context.scope.groupIds.includes(found.id)) problems.push({ column: context.headerOf('objectGroup'), key: 'import-group-not-selectable', params: { value: r.groupName } });
        else group = { kind: 'existing', id: found.id };
      } else if (!mayCreateGroups(context.scope)) problems.push({ column: context.headerOf('objectGroup'), key: 'import-group-not-selectable', params: { value: r.groupName } });
      else group = { kind: 'new', name: r.groupName };
    } else if (target) group = { kind: 'existing', id: target.assetGroupId };
    else problems.push({ column: context.headerOf('objectGroup'), key: 'validation-required' });

    const object = objectOf(r, target);
    if (problems.length > 0 || r.body === null || group === null) return { row: r.row, status: 'failed', assetId: target?.id ?? null, problems, object };
    if (group.kind === 'new') groupsToCreate.set(normaliseHeader(group.name), group.name);
    if (!target) return { row: r.row, status: 'created', assetId: null, group, body: r.body, problems: [], object };
    // An empty externalId cell leaves the stored one as it is.
    const body = { ...r.body, externalId: r.body.externalId ?? target.fields.externalId ?? null };
    if (group.kind === 'existing' && group.id === target.assetGroupId && sameFields(body, target.fields)) return { row: r.row, status: 'unchanged', assetId: target.id, problems: [], object };
    return { row: r.row, status: 'updated', assetId: target.id, version: target.version, group, body, problems: [], object };
  });
  return { rows: planned, groupsToCreate: [...groupsToCreate.values()] };
};

/** The rows' outcomes for the answer; a failed file reports every stored row as it would have been, with no ids. */
export const planOutcomes = (plan: ObjectPlan): ({ row: number; status: RowStatus; assetId: number | null; errors: RowProblem[] } & RowObject)[] =>
  plan.rows.map((r) => ({ row: r.row, status: r.status, assetId: r.assetId, errors: r.problems, ...r.object }));
