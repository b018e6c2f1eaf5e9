import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB>;

export type SignInOutcome = 'signedIn' | 'refused' | 'blocked';

/** Records one sign-in of a known user (issue 24); deleted after 90 days by the background sweep. */
/** `method`: how the person signed in where it was not the password (single sign-on `sso`, a passkey). */
export async function recordSignInEvent(db: Executor, event: { userId: number; at: Date; outcome: SignInOutcome; address: string; method?: 'sso' | 'passkey' }): Promise<void> {
  await db.insertInto('sign_in_events').values({ user_id: event.userId, at: event.at, outcome: event.outcome, address: event.address, method: event.method ?? null }).execute();
}

/** When the user last signed in by this method (within the records kept), or null. */
export async function lastSignInBy(db: Executor, userId: number, method: 'sso' | 'passkey'): Promise<Date | null> {
  const row = await db.selectFrom('sign_in_events').select((eb) => eb.fn.max('at').as('at')).where('user_id', '=', userId).where('method', '=', method).where('outcome', '=', 'signedIn').executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/** Deletes sign-in records older than the cutoff: the events and the failed-attempt counters. Answers how many. */
export async function deleteSignInRecordsBefore(db: Executor, cutoff: Date): Promise<{ events: number; attempts: number }> {
  const events = await db.deleteFrom('sign_in_events').where('at', '<', cutoff).executeTakeFirst();
  const attempts = await db.deleteFrom('sign_in_attempts').where('updated_at', '<', cutoff).executeTakeFirst();
  return { events: Number(events.numDeletedRows), attempts: Number(attempts.numDeletedRows) };
}

export interface PersonalData {
  profile: {
    id: number;
    userName: string;
    firstName: string;
    lastName: string;
    email: string;
    position: string;
    phoneNumber: string;
    mobileNumber: string;
    language: string;
    external: boolean;
    mainContactPerson: boolean;
    status: number;
    locked: boolean;
    createdAt: string;
    updatedAt: string;
  };
  roles: number[];
  organisation: { id: number; name: string; street: string; number: string; zip: string; city: string; country: string };
  /** Objects and object groups the user's access list names (empty: the organisation's rules apply). */
  accessList: { assets: number[]; assetGroups: number[] };
  signInEvents: { at: string; outcome: string; address: string; method: string }[];
  comments: { id: number; assetQuestionnaireId: number; questionId: number; comment: string; authorName: string; createdAt: string }[];
  changeLog: { id: number; assetQuestionnaireId: number; questionId: number; kind: string; userName: string; at: string; note: string }[];
  stateChanges: { id: number; assetQuestionnaireId: number; fromState: string; toState: string; role: string; reason: string; at: string }[];
  groupStateChanges: { id: number; assetGroupId: number; fromState: string; toState: string; role: string; reason: string; at: string }[];
  /**
   * Access tokens for backend callers, without their secrets. Issue 21 adds the `api_tokens` table on a
   * branch of its own; once merged, `accessTokensOf` below reads it (name, created, last used, expiry).
   */
  accessTokens: { id: number; name: string; scopes: string[]; createdAt: string; expiresAt: string | null; lastUsedAt: string | null; revokedAt: string | null }[];
}

const iso = (d: Date) => d.toISOString();

/**
 * The access tokens of a user without their secrets. The table comes with issue 21 (`api_tokens`); until it
 * exists in this database the answer is empty, so that the personal-data answer does not depend on the order
 * the two branches are merged in.
 */
async function accessTokensOf(db: Executor, userId: number): Promise<PersonalData['accessTokens']> {
  const exists = await sql<{ found: boolean }>`select to_regclass('api_tokens') is not null as found`.execute(db);
  if (!exists.rows[0]?.found) return [];
  // Named columns only: the token's hash never leaves the database.
  const rows = await sql<{ id: number; name: string; scopes: string[]; created_at: Date; expires_at: Date | null; last_used_at: Date | null; revoked_at: Date | null }>`
    select id, name, scopes, created_at, expires_at, last_used_at, revoked_at from api_tokens where user_id = ${userId} order by id`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    name: r.name,
    scopes: r.scopes,
    createdAt: iso(r.created_at),
    expiresAt: r.expires_at ? iso(r.expires_at) : null,
    lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null,
    revokedAt: r.revoked_at ? iso(r.revoked_at) : null,
  }));
}

/** Everything the portal holds about one user (GDPR Art. 15, 20), or null for an unknown id. */
export async function personalDataOf(db: Executor, userId: number): Promise<PersonalData | null> {
  const user = await db
    .selectFrom('users')
    .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
    .select([
      'users.id', 'users.user_name', 'users.first_name', 'users.last_name', 'users.email', 'users.position', 'users.phone_number',
      'users.mobile_number', 'users.language', 'users.external', 'users.main_contact_person', 'users.status', 'users.locked',
      'users.roles', 'users.assets', 'users.asset_groups', 'users.created_at', 'users.updated_at',
      'organisations.id as organisation_id', 'organisations.name as organisation_name', 'organisations.street', 'organisations.number',
      'organisations.zip', 'organisations.city', 'organisations.country',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const [signIns, comments, changes, transitions, groupTransitions, accessTokens] = await Promise.all([
    db.selectFrom('sign_in_events').select(['at', 'outcome', 'address', 'method']).where('user_id', '=', userId).orderBy('at', 'desc').orderBy('id', 'desc').execute(),
    db
      .selectFrom('asset_answer_comments as c')
      .innerJoin('asset_answers as a', 'a.id', 'c.answer_id')
      .select(['c.id', 'a.asset_questionnaire_id', 'a.question_id', 'c.comment', 'c.author_name', 'c.created_at'])
      .where('c.author_id', '=', userId)
      .orderBy('c.id')
      .execute(),
    db.selectFrom('asset_answer_changes').select(['id', 'asset_questionnaire_id', 'question_id', 'kind', 'user_name', 'at', 'note']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('asset_questionnaire_transitions').select(['id', 'asset_questionnaire_id', 'from_state', 'to_state', 'role', 'reason', 'at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('group_transitions').select(['id', 'asset_group_id', 'from_state', 'to_state', 'role', 'reason', 'at']).where('user_id', '=', userId).orderBy('id').execute(),
    accessTokensOf(db, userId),
  ]);
  return {
    profile: {
      id: user.id,
      userName: user.user_name,
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      position: user.position,
      phoneNumber: user.phone_number,
      mobileNumber: user.mobile_number,
      language: user.language,
      external: user.external,
      mainContactPerson: user.main_contact_person,
      status: user.status,
      locked: user.locked,
      createdAt: iso(user.created_at),
      updatedAt: iso(user.updated_at),
    },
    roles: user.roles,
    organisation: { id: user.organisation_id, name: user.organisation_name, street: user.street, number: user.number, zip: user.zip, city: user.city, country: user.country },
    accessList: { assets: user.assets, assetGroups: user.asset_groups },
    signInEvents: signIns.map((e) => ({ at: iso(e.at), outcome: e.outcome, address: e.address, method: e.method ?? 'password' })),
    comments: comments.map((c) => ({ id: c.id, assetQuestionnaireId: c.asset_questionnaire_id, questionId: c.question_id, comment: c.comment, authorName: c.author_name, createdAt: iso(c.created_at) })),
    changeLog: changes.map((c) => ({ id: c.id, assetQuestionnaireId: c.asset_questionnaire_id, questionId: c.question_id, kind: c.kind, userName: c.user_name, at: iso(c.at), note: c.note })),
    stateChanges: transitions.map((t) => ({ id: t.id, assetQuestionnaireId: t.asset_questionnaire_id, fromState: t.from_state, toState: t.to_state, role: t.role, reason: t.reason, at: iso(t.at) })),
    groupStateChanges: groupTransitions.map((t) => ({ id: t.id, assetGroupId: t.asset_group_id, fromState: t.from_state, toState: t.to_state, role: t.role, reason: t.reason, at: iso(t.at) })),
    accessTokens,
  };
}

export interface Pseudonym {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  phone: string;
}

/**
 * Archiving (GDPR Art. 17): replaces the user's names, user name, e-mail and phone numbers by the pseudonym in
 * the account and in every copy of the name the portal wrote (comments, change log, state changes, answers,
 * documents, locks, group submissions and defaults, templates), in the caller's transaction. Certificates
 * already issued keep the names as printed (they are documents given out; migration 044 forbids changing them).
 * Copies stored without the user's id are matched by the name as the portal wrote it ("First Last") or the user name.
 */
export async function pseudonymiseUser(trx: Executor, userId: number, pseudonym: Pseudonym): Promise<void> {
  const user = await trx.selectFrom('users').select(['first_name', 'last_name', 'user_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  const formerNames = [...new Set([`${user.first_name} ${user.last_name}`.trim(), user.user_name].filter((n) => n !== ''))];
  const name = `${pseudonym.firstName} ${pseudonym.lastName}`;
  await trx
    .updateTable('users')
    .set({
      first_name: pseudonym.firstName,
      last_name: pseudonym.lastName,
      user_name: pseudonym.userName,
      email: pseudonym.email,
      phone_number: pseudonym.phone,
      mobile_number: pseudonym.phone,
      position: '',
      password_hash: null,
    })
    .where('id', '=', userId)
    .execute();
  // Written with the user's id.
  await trx.updateTable('asset_answer_comments').set({ author_name: name }).where('author_id', '=', userId).execute();
  await trx.updateTable('asset_answer_changes').set({ user_name: name }).where('user_id', '=', userId).execute();
  await trx.updateTable('asset_questionnaire_transitions').set({ user_name: name }).where('user_id', '=', userId).execute();
  await trx.updateTable('group_transitions').set({ user_name: name }).where('user_id', '=', userId).execute();
  await trx.updateTable('asset_questionnaire_locks').set({ holder_name: name }).where('user_id', '=', userId).execute();
  await trx.updateTable('questionnaire_locks').set({ holder_name: name }).where('user_id', '=', userId).execute();
  // Written as the name only.
  await trx.updateTable('asset_answers').set({ modified_by: name }).where('modified_by', 'in', formerNames).execute();
  await trx.updateTable('asset_answers').set({ checked_by: name }).where('checked_by', 'in', formerNames).execute();
  await trx.updateTable('asset_answer_documents').set({ uploaded_by: name }).where('uploaded_by', 'in', formerNames).execute();
  await trx.updateTable('evidence_documents').set({ uploaded_by: name }).where('uploaded_by', 'in', formerNames).execute();
  await trx.updateTable('asset_questionnaires').set({ evaluated_by: name }).where('evaluated_by', 'in', formerNames).execute();
  await trx.updateTable('asset_questionnaires').set({ reviewed_by: name }).where('reviewed_by', 'in', formerNames).execute();
  await trx.updateTable('group_submissions').set({ submitted_by: name }).where('submitted_by', 'in', formerNames).execute();
  await trx.updateTable('group_defaults').set({ saved_by: name }).where('saved_by', 'in', formerNames).execute();
  await trx.updateTable('questionnaires').set({ created_by: name }).where('created_by', 'in', formerNames).execute();
  await trx.updateTable('questionnaires').set({ modified_by: name }).where('modified_by', 'in', formerNames).execute();
  await trx.updateTable('scoring_data_sets').set({ imported_by: name }).where('imported_by', 'in', formerNames).execute();
  // The failed-attempt counter is keyed by the former user name.
  await trx.deleteFrom('sign_in_attempts').where('user_name', '=', user.user_name.toLowerCase()).execute();
}
