import { sql, type Kysely, type Selectable } from 'kysely';
import type { SignInUser } from '@ecore/core/identity/user.ts';
import type { UserStatus } from '@ecore/core/identity/user-status.ts';
import type { LoginAttempts } from '@ecore/core/identity/lockout.ts';
import type { DB, OrganisationTable, UserTable } from '../schema.ts';
import { toUserAccount } from './user-accounts-repository.ts';

type Executor = Kysely<DB>;

const toSignInUser = (
  row: Selectable<UserTable> & { organisation_name: string } & Pick<
    Selectable<OrganisationTable>,
    'is_test_account' | 'is_finance_partner' | 'is_buyer'
  > & { organisation_status: number; organisation_locked: boolean; organisation_deleted: boolean },
): SignInUser => ({
  ...toUserAccount(row),
  organisation: {
    organisationActive: row.organisation_status === 1 && !row.organisation_locked && !row.organisation_deleted,
    isTestAccount: row.is_test_account,
    isFinancePartner: row.is_finance_partner,
    isBuyer: row.is_buyer,
  },
  credentials: {
    passwordHash: row.password_hash,
    sessionVersion: row.session_version,
  },
});

const signInQuery = (db: Executor) =>
  db
    .selectFrom('users')
    .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
    .selectAll('users')
    .select([
      'organisations.name as organisation_name',
      'organisations.is_test_account',
      'organisations.is_finance_partner',
      'organisations.is_buyer',
      'organisations.status as organisation_status',
      'organisations.locked as organisation_locked',
      sql<boolean>`organisations.deleted_at is not null`.as('organisation_deleted'),
    ]);

/** User names are unique regardless of case. */
export async function findSignInUserByName(db: Executor, userName: string): Promise<SignInUser | null> {
  const row = await signInQuery(db).where(sql`lower(users.user_name)`, '=', userName.trim().toLowerCase()).executeTakeFirst();
  return row ? toSignInUser(row) : null;
}

export async function findSignInUserById(db: Executor, id: number): Promise<SignInUser | null> {
  const row = await signInQuery(db).where('users.id', '=', id).executeTakeFirst();
  return row ? toSignInUser(row) : null;
}

/** Two-factor links name the user by e-mail address; a shared address matches no one. */
export async function findSignInUserByEmail(db: Executor, email: string): Promise<SignInUser | null> {
  const rows = await signInQuery(db).where(sql`lower(users.email)`, '=', email.trim().toLowerCase()).limit(2).execute();
  return rows.length === 1 && rows[0] ? toSignInUser(rows[0]) : null;
}

const attemptsKey = (userName: string) => userName.trim().toLowerCase();

/**
 * Reads the failure counters of a user name (known or not) under a row lock, lets `decide` answer the
 * new counters (null: unchanged), and stores them in the same transaction, so that parallel attempts
 * are counted one after the other. Counters back at zero leave no row behind.
 */
export async function withSignInAttempts<T>(
  db: Executor,
  userName: string,
  decide: (current: LoginAttempts) => { attempts: LoginAttempts | null; result: T },
): Promise<T> {
  const key = attemptsKey(userName);
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('sign_in_attempts').values({ user_name: key }).onConflict((oc) => oc.column('user_name').doNothing()).execute();
    const row = await trx.selectFrom('sign_in_attempts').select(['failed_logins', 'blocked_until']).where('user_name', '=', key).forUpdate().executeTakeFirstOrThrow();
    const { attempts, result } = decide({ failedLogins: row.failed_logins, blockedUntil: row.blocked_until ? row.blocked_until.getTime() : null });
    const stored = attempts ?? { failedLogins: row.failed_logins, blockedUntil: row.blocked_until ? row.blocked_until.getTime() : null };
    if (stored.failedLogins === 0 && stored.blockedUntil === null) {
      await trx.deleteFrom('sign_in_attempts').where('user_name', '=', key).execute();
    } else if (attempts) {
      await trx
        .updateTable('sign_in_attempts')
        .set({ failed_logins: attempts.failedLogins, blocked_until: attempts.blockedUntil === null ? null : new Date(attempts.blockedUntil), updated_at: new Date() })
        .where('user_name', '=', key)
        .execute();
    }
    return result;
  });
}

/** Stores a new password hash, sets the status, and ends every session the user had. */
export async function savePassword(db: Executor, userId: number, passwordHash: string, status: UserStatus): Promise<void> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      status,
      session_version: eb('session_version', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', userId)
    .returning('user_name')
    .executeTakeFirst();
  // A new password lifts a sign-in block.
  if (row) await db.deleteFrom('sign_in_attempts').where('user_name', '=', attemptsKey(row.user_name)).execute();
}

/** Ends every session of the user: tokens carrying an older session version are refused. */
export async function endSessions(db: Executor, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** The facts the auth hook checks on every request: the session version and whether sign-in is still allowed. */
export async function findSessionState(
  db: Executor,
  userId: number,
): Promise<{ sessionVersion: number; status: UserStatus; locked: boolean; organisationActive: boolean } | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
    .select([
      'users.session_version',
      'users.status',
      'users.locked',
      'organisations.status as organisation_status',
      'organisations.locked as organisation_locked',
      sql<boolean>`organisations.deleted_at is not null`.as('organisation_deleted'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sessionVersion: row.session_version,
    status: row.status as UserStatus,
    locked: row.locked,
    organisationActive: row.organisation_status === 1 && !row.organisation_locked && !row.organisation_deleted,
  };
}
