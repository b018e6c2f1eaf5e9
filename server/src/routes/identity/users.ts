import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mayActOnUsers, type UserAction } from '@ecore/core/identity/account-scope.ts';
import { accountStateMail } from '@ecore/core/identity/mails.ts';
import { accessListOnSave, mayChooseOrganisation, mayManageUser, roleAssignmentProblem, roleChangeEndsSessions, USER_EDIT_PROBLEM_KEYS, userEditProblem } from '@ecore/core/identity/role-assignment.ts';
import { createUserBodySchema, editUserBodySchema, userListQuerySchema } from '@ecore/core/identity/user-schema.ts';
import { transitionEndsSessions, transitionInformsContact, UserStatus, userTransitionAllowed, type UserTransition } from '@ecore/core/identity/user-status.ts';
import type { UserAccount } from '@ecore/core/identity/user.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { mayAssignTesters } from '@ecore/core/review/testers.ts';
import { findSignInUserById } from '@ecore/adapters/db/identity/users-repository.ts';
import {
  contactPersonsOf,
  findUserAccount,
  insertUserAccount,
  listTesters,
  listUserAccounts,
  recordAccountAudit,
  setUserState,
  updateUserAccount,
  userNameTaken,
  type UserValues,
} from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import { findOrganisation } from '@ecore/adapters/db/organisations/organisations-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { keepJson, sendKeptJson, type KeptJson } from '../../plugins/kept-json.ts';
import { createNotifiedCache } from '../../plugins/session-cache.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { logAuthEvent } from '../../plugins/auth-events.ts';
import { errorResponses } from '../schemas.ts';
import { idempotentRoute } from '../../plugins/idempotency.ts';
import { inScope, organisationIdsInScope } from '../organisations/scope.ts';
import { sendPasswordLink } from './password.ts';
import { idParams } from '@ecore/core/shared/schemas.ts';
import { pseudonymisedAccount } from '@ecore/core/identity/personal-data.ts';
import { pseudonymiseUser } from '@ecore/adapters/db/identity/personal-data-repository.ts';

export const userSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  organisationId: z.number(),
  organisationName: z.string(),
  position: z.string(),
  email: z.string(),
  userName: z.string(),
  phoneNumber: z.string(),
  mobileNumber: z.string(),
  userRoles: z.array(z.number()),
  external: z.boolean(),
  mainContactPerson: z.boolean(),
  assetGroups: z.array(z.number()),
  assets: z.array(z.number()),
  status: z.number(),
  locked: z.boolean(),
  passwordSet: z.boolean(),
});

export const toUserResponse = (u: UserAccount): z.infer<typeof userSchema> => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  organisationId: u.organisationId,
  organisationName: u.organisationName,
  position: u.position,
  email: u.email,
  userName: u.userName,
  phoneNumber: u.phoneNumber,
  mobileNumber: u.mobileNumber,
  userRoles: u.roles,
  external: u.external,
  mainContactPerson: u.mainContactPerson,
  assetGroups: u.assetGroups,
  assets: u.assets,
  status: u.status,
  locked: u.locked,
  passwordSet: u.passwordSet,
});


const secured = { security: [{ bearerAuth: [] }] };

/** Users of account management (spec 01 §7 "Users"). */
export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  /** The user list's pages as written, by scope and query (the page shows users and their organisations' names). */
  const userPages = app.watchTables(['users', 'organisations'], createNotifiedCache<string, KeptJson>({ maxEntries: 500 }));

  const require = (actor: Actor, action: UserAction) => {
    if (!mayActOnUsers(actor, action)) throw new HttpError(403, 'forbidden');
  };

  /** A user the actor may see, or 404 (ids of other organisations do not leak). */
  const visibleUser = async (actor: Actor, id: number): Promise<UserAccount> => {
    const user = await findUserAccount(deps.db, id);
    if (!user || !inScope(await organisationIdsInScope(deps, actor), user.organisationId)) throw new HttpError(404, 'not-found');
    return user;
  };

  /** The access list the user is saved with (core accessListOnSave); objects need a chosen group. */
  const accessList = (actor: Actor, roles: UserValues['roles'], requested: { assetGroups: number[]; assets: number[] }, stored: UserAccount | null) => {
    const list = accessListOnSave(actor, roles, requested, stored ? { assetGroups: stored.assetGroups, assets: stored.assets } : null);
    if (list === 'objectsNeedGroup') throw new FieldsError([{ path: 'assets', key: 'user-assets-need-group' }]);
    return list;
  };

  app.get(
    '/user',
    {
      schema: {
        tags: ['users'],
        summary: 'Users in the caller’s scope, paged and searched, with counts per status filter',
        ...secured,
        querystring: userListQuerySchema,
        response: {
          200: z.object({
            items: z.array(userSchema),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            counts: z.object({ all: z.number(), active: z.number(), inactive: z.number(), locked: z.number(), pending: z.number() }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      require(request.actor, 'list');
      const q = request.query;
      const filter = { organisationIds: await organisationIdsInScope(deps, request.actor), organisationId: q.organisationId, search: q.search, status: q.status, page: q.page, pageSize: q.pageSize };
      // A page is the same for every caller with the same scope and query: kept as written until a user or an
      // organisation changes in any process.
      const kept = await userPages.get(JSON.stringify(filter), async () => {
        const result = await listUserAccounts(deps.db, filter);
        return keepJson(reply, { items: result.items.map(toUserResponse), total: result.total, page: q.page, pageSize: q.pageSize, counts: result.counts });
      });
      return sendKeptJson(request, reply, kept);
    },
  );

  app.get(
    '/user/testers',
    {
      schema: {
        tags: ['users'],
        summary: 'Testers that can be assigned (holders of ExternalAccreditedTester, not InternalTester); for those who assign testers',
        ...secured,
        response: { 200: z.array(z.object({ id: z.number(), firstName: z.string(), lastName: z.string(), organisationName: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      if (!mayAssignTesters(request.actor)) throw new HttpError(403, 'forbidden');
      return listTesters(deps.db);
    },
  );

  app.get(
    '/user/:id',
    { schema: { tags: ['users'], summary: 'One user', ...secured, params: idParams, response: { 200: userSchema, ...errorResponses } } },
    async (request) => {
      require(request.actor, 'list');
      return toUserResponse(await visibleUser(request.actor, request.params.id));
    },
  );

  app.post(
    '/user',
    {
      config: idempotentRoute.config,
      schema: {
        tags: ['users'],
        summary: 'Creates a user (Pending) and mails a set-password link valid 7 days',
        ...secured,
        headers: idempotentRoute.headers,
        body: createUserBodySchema,
        response: { 201: userSchema, ...errorResponses, ...idempotentRoute.responses },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      require(actor, 'create');
      const body = request.body;
      const organisationId = mayChooseOrganisation(actor, true) ? body.organisationId : actor.orgId;
      const organisation = await findOrganisation(deps.db, organisationId);
      if (!organisation || !inScope(await organisationIdsInScope(deps, actor), organisationId)) {
        throw new FieldsError([{ path: 'organisationId', key: 'organisation-not-selectable' }]);
      }
      const problem = roleAssignmentProblem(actor, organisation, body.userRoles, []);
      if (problem) throw new FieldsError([{ path: 'userRoles', key: USER_EDIT_PROBLEM_KEYS[problem.kind] }]);
      if (await userNameTaken(deps.db, body.userName)) throw new FieldsError([{ path: 'userName', key: 'user-name-taken' }]);
      const access = accessList(actor, body.userRoles, body, null);
      const language = body.language ?? request.language;
      const id = await deps.db.transaction().execute(async (trx) => {
        const newId = await insertUserAccount(trx, { ...body, ...access, roles: body.userRoles, organisationId, language });
        await recordAccountAudit(trx, { actorUserId: actor.userId, entity: 'user', entityId: newId, action: 'create' });
        return newId;
      });
      const created = await findSignInUserById(deps.db, id);
      if (created) app.runInBackground('set-password mail', () => sendPasswordLink(deps, created, language), request.log);
      return reply.status(201).send(toUserResponse((await findUserAccount(deps.db, id))!));
    },
  );

  app.put(
    '/user',
    {
      schema: {
        tags: ['users'],
        summary: 'Edits a user; e-mail address and user name stay as they are',
        ...secured,
        body: editUserBodySchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = request.actor;
      require(actor, 'edit');
      const body = request.body;
      const user = await visibleUser(actor, body.id);
      const organisation = await findOrganisation(deps.db, user.organisationId);
      if (!organisation) throw new HttpError(404, 'not-found');
      const problem = userEditProblem(actor, user, organisation, body.userRoles);
      if (problem?.kind === 'notManageable') throw new HttpError(403, 'user-not-manageable');
      if (problem) throw new FieldsError([{ path: 'userRoles', key: USER_EDIT_PROBLEM_KEYS[problem.kind] }]);
      // Someone who may not choose access lists leaves an existing one as it is.
      const access = accessList(actor, body.userRoles, body, user);
      const rolesChanged = roleChangeEndsSessions(user.roles, body.userRoles);
      await deps.db.transaction().execute(async (trx) => {
        await updateUserAccount(trx, user.id, { ...body, ...access, roles: body.userRoles }, rolesChanged);
        await recordAccountAudit(trx, { actorUserId: actor.userId, entity: 'user', entityId: user.id, action: 'edit' });
      });
      return toUserResponse((await findUserAccount(deps.db, user.id))!);
    },
  );

  const transition = (method: 'POST' | 'DELETE', url: string, action: UserTransition, summary: string) =>
    app.route({
      method,
      url,
      schema: { tags: ['users'], summary, ...secured, params: idParams, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        const actor = request.actor;
        const user = await visibleUser(actor, request.params.id);
        require(actor, action);
        if (!mayManageUser(actor, user)) throw new HttpError(403, 'user-not-manageable');
        if (!userTransitionAllowed(user, action, user.id === actor.userId)) throw new HttpError(400, 'user-state-invalid');
        const change =
          action === 'activate' ? { status: UserStatus.Active }
          : action === 'deactivate' ? { status: UserStatus.Inactive }
          : action === 'lock' ? { locked: true }
          : action === 'unlock' ? { locked: false }
          : { status: UserStatus.Archived, archivedAt: new Date(deps.clock()) };
        await deps.db.transaction().execute(async (trx) => {
          await setUserState(trx, user.id, change, transitionEndsSessions(action));
          // Archiving erases the person (GDPR Art. 17): a pseudonym everywhere but in certificates already issued.
          if (action === 'archive') await pseudonymiseUser(trx, user.id, pseudonymisedAccount(user.id));
          await recordAccountAudit(trx, { actorUserId: actor.userId, entity: 'user', entityId: user.id, action });
        });
        if (transitionEndsSessions(action)) logAuthEvent(request.log, 'auth.sessions.ended', { userId: user.id, reason: action, address: request.ip });
        if (transitionInformsContact(action)) {
          const kind = action as 'deactivate' | 'lock' | 'unlock';
          app.runInBackground(`${action} mail`, async () => {
            for (const contact of await contactPersonsOf(deps.db, user.organisationId, user.id)) {
              await deps.mailer.send(accountStateMail(kind, contact.language, contact.email, contact.name, user));
            }
          }, request.log);
        }
        return reply.status(204).send(null);
      },
    });

  transition('POST', '/user/activate/:id', 'activate', 'Activates an inactive user');
  transition('DELETE', '/user/:id', 'deactivate', 'Deactivates a user (ends the sessions, informs the contact person)');
  transition('POST', '/user/lock/:id', 'lock', 'Locks a user (ends the sessions, informs the contact person)');
  transition('POST', '/user/unlock/:id', 'unlock', 'Unlocks a user (informs the contact person)');
  transition('DELETE', '/user/archive/:id', 'archive', 'Archives a user; irreversible');
};
