import { sql, type Kysely, type Selectable } from 'kysely';
import type { Role } from '@ecore/core/identity/roles.ts';
import type { UserAccount } from '@ecore/core/identity/user.ts';
import { UserStatus } from '@ecore/core/identity/user-status.ts';
import type { UserStatusFilter } from '@ecore/core/identity/user-schema.ts';
import { isAssignableTester, TESTER_ROLE } from '@ecore/core/review/testers.ts';
import type { DB, UserTable } from '../schema.ts';
import { searchPattern } from '../search.ts';

type Executor = Kysely<DB>;

export const toUserAccount = (row: Selectable<UserTable> & { organisation_name: string }): UserAccount => ({
  id: row.id,
  userName: row.user_name,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  organisationId: row.organisation_id,
  organisationName: row.organisation_name,
  position: row.position,
  phoneNumber: row.phone_number,
  mobileNumber: row.mobile_number,
  roles: row.roles as Role[],
  external: row.external,
  mainContactPerson: row.main_contact_person,
  status: row.status as UserStatus,
  locked: row.locked,
  passwordSet: row.password_hash !== null,
  language: row.language === 'en' ? 'en' : 'de',
  assetGroups: row.asset_groups ?? [],
  assets: row.assets ?? [],
});

const withOrganisation = (db: Executor) =>
  db.selectFrom('users').innerJoin('organisations', 'organisations.id', 'users.organisation_id').selectAll('users').select('organisations.name as organisation_name');

export interface UserListFilter {
  /** Organisations whose users may be listed; null means all. */
  organisationIds: number[] | null;
  organisationId?: number | undefined;
  search?: string | undefined;
  status: UserStatusFilter;
  page: number;
  pageSize: number;
}

/** The filters of the user list; archived users never appear. */
const STATUS_CONDITIONS: Record<UserStatusFilter, string> = {
  all: 'true',
  active: `users.status = ${UserStatus.Active} and not users.locked`,
  inactive: `users.status = ${UserStatus.Inactive} and not users.locked`,
  pending: `users.status = ${UserStatus.Pending} and not users.locked`,
  locked: 'users.locked',
};

/** One page of users, searched and filtered in the database, with the count of each status filter. */
export async function listUserAccounts(db: Executor, filter: UserListFilter) {
  let base = db
    .selectFrom('users')
    .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
    .where('users.status', '!=', UserStatus.Archived);
  if (filter.organisationIds !== null) {
    base = filter.organisationIds.length === 0 ? base.where(sql<boolean>`false`) : base.where('users.organisation_id', 'in', filter.organisationIds);
  }
  if (filter.organisationId !== undefined) base = base.where('users.organisation_id', '=', filter.organisationId);
  if (filter.search) {
    const pattern = searchPattern(filter.search);
    base = base.where(
      sql<boolean>`lower(users.first_name || ' ' || users.last_name || ' ' || users.user_name || ' ' || users.email || ' ' || organisations.name) like ${pattern}`,
    );
  }

  const countsRow = await base
    .select([
      sql<number>`count(*)::int`.as('all'),
      ...(['active', 'inactive', 'pending', 'locked'] as const).map((f) => sql<number>`(count(*) filter (where ${sql.raw(STATUS_CONDITIONS[f])}))::int`.as(f)),
    ])
    .executeTakeFirstOrThrow();

  const rows = await base
    .where(sql.raw<boolean>(STATUS_CONDITIONS[filter.status]))
    .selectAll('users')
    .select('organisations.name as organisation_name')
    .orderBy(sql`lower(users.last_name)`)
    .orderBy(sql`lower(users.first_name)`)
    .orderBy('users.id')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();

  const counts = {
    all: Number(countsRow.all),
    active: Number(countsRow.active),
    inactive: Number(countsRow.inactive),
    pending: Number(countsRow.pending),
    locked: Number(countsRow.locked),
  };
  return { items: rows.map(toUserAccount), total: counts[filter.status], counts };
}

export async function findUserAccount(db: Executor, id: number): Promise<UserAccount | null> {
  const row = await withOrganisation(db).where('users.id', '=', id).where('users.status', '!=', UserStatus.Archived).executeTakeFirst();
  return row ? toUserAccount(row) : null;
}

export async function userNameTaken(db: Executor, userName: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where(sql`lower(user_name)`, '=', userName.trim().toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export interface UserValues {
  firstName: string;
  lastName: string;
  position: string;
  phoneNumber: string;
  mobileNumber: string;
  roles: Role[];
  external: boolean;
  mainContactPerson: boolean;
  assetGroups: number[];
  assets: number[];
}

const columns = (v: UserValues) => ({
  first_name: v.firstName,
  last_name: v.lastName,
  position: v.position,
  phone_number: v.phoneNumber,
  mobile_number: v.mobileNumber,
  roles: v.roles,
  external: v.external,
  main_contact_person: v.mainContactPerson,
  asset_groups: v.assetGroups,
  assets: v.assets,
});

/** A new user is Pending until the first password is set (spec 01 §4). */
export async function insertUserAccount(
  db: Executor,
  values: UserValues & { userName: string; email: string; organisationId: number; language: 'de' | 'en' },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      ...columns(values),
      user_name: values.userName.trim(),
      email: values.email.trim(),
      organisation_id: values.organisationId,
      language: values.language,
      status: UserStatus.Pending,
      password_hash: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores the editable fields; a change of roles ends the user's sessions so the new roles apply at once. */
export async function updateUserAccount(db: Executor, id: number, values: UserValues, endSessions: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      ...columns(values),
      updated_at: new Date(),
      version: eb('version', '+', 1),
      ...(endSessions ? { session_version: eb('session_version', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

export async function setUserState(
  db: Executor,
  id: number,
  change: { status?: UserStatus; locked?: boolean; archivedAt?: Date },
  endSessions: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.locked !== undefined ? { locked: change.locked } : {}),
      ...(change.archivedAt ? { archived_at: change.archivedAt, password_hash: null } : {}),
      updated_at: new Date(),
      ...(endSessions ? { session_version: eb('session_version', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

/** The people to inform about a user's account: the organisation's main contact persons, else its contacts. */
export async function contactPersonsOf(db: Executor, organisationId: number, exceptUserId: number): Promise<{ name: string; email: string; language: 'de' | 'en' }[]> {
  const main = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'language'])
    .where('organisation_id', '=', organisationId)
    .where('main_contact_person', '=', true)
    .where('status', '=', UserStatus.Active)
    .where('id', '!=', exceptUserId)
    .execute();
  if (main.length > 0) return main.map((m) => ({ name: `${m.first_name} ${m.last_name}`, email: m.email, language: m.language === 'en' ? 'en' : 'de' }));
  const contacts = await db.selectFrom('organisation_contacts').select(['full_name', 'email']).where('organisation_id', '=', organisationId).orderBy('position').execute();
  return contacts.map((c) => ({ name: c.full_name, email: c.email, language: 'de' as const }));
}

/** Testers for assignment: the database narrows to holders of the tester role, core's isAssignableTester decides (spec 02 §6). */
export async function listTesters(db: Executor): Promise<{ id: number; firstName: string; lastName: string; organisationName: string }[]> {
  const rows = await withOrganisation(db)
    .where(sql<boolean>`${TESTER_ROLE.required} = any(users.roles)`)
    .orderBy('users.last_name')
    .execute();
  return rows
    .filter((r) => isAssignableTester({ roles: r.roles as Role[], active: r.status === UserStatus.Active, locked: r.locked }))
    .map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, organisationName: r.organisation_name }));
}

export async function recordAccountAudit(db: Executor, entry: { actorUserId: number; entity: 'user' | 'organisation'; entityId: number; action: string }): Promise<void> {
  await db.insertInto('account_audit').values({ actor_user_id: entry.actorUserId, entity: entry.entity, entity_id: entry.entityId, action: entry.action }).execute();
}

/** All users of these organisations, for the export (archived ones left out). */
export async function usersOfOrganisations(db: Executor, organisationIds: number[]): Promise<UserAccount[]> {
  if (organisationIds.length === 0) return [];
  const rows = await withOrganisation(db)
    .where('users.organisation_id', 'in', organisationIds)
    .where('users.status', '!=', UserStatus.Archived)
    .orderBy('organisations.name')
    .orderBy('users.last_name')
    .execute();
  return rows.map(toUserAccount);
}
