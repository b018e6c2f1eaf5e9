import { sql, type Kysely } from 'kysely';

// The failed-sign-in counters move from the users to a table keyed by the lower-cased user name, so that
// unknown names are counted and blocked like existing ones (no account enumeration) and a row lock makes
// the count exact under parallel attempts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('user_name', 'text', (c) => c.primaryKey())
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked_until', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into sign_in_attempts (user_name, failed_logins, blocked_until)
            select lower(user_name), failed_logins, blocked_until from users
            where failed_logins > 0 or blocked_until is not null`.execute(db);
  await db.schema.alterTable('users').dropColumn('failed_logins').dropColumn('blocked_until').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked_until', 'timestamptz')
    .execute();
  await db.schema.dropTable('sign_in_attempts').execute();
}
