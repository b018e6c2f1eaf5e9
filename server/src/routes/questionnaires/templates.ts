import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lockDecision } from '@ecore/core/questionnaires/locks.ts';
import { describeActivationProblems } from '@ecore/core/questionnaires/messages.ts';
import {
  createTemplateBodySchema,
  editTemplateBodySchema,
  lockQuerySchema,
  templateListQuerySchema,
  templateResponseSchema,
  templateSummarySchema,
} from '@ecore/core/questionnaires/schemas.ts';
import {
  activationChanges,
  activationProblems,
  mayReadTemplate,
  structureIdsValid,
  duplicateContent,
  isDeletable,
  isEditable,
  mayCreateDraft,
  newTemplateContent,
} from '@ecore/core/questionnaires/template-rules.ts';
import { QUESTIONNAIRE_TYPES, type QuestionnaireTemplate, type TemplateContent } from '@ecore/core/questionnaires/template.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { findSignInUserById } from '@ecore/adapters/db/identity/users-repository.ts';
import {
  applyStateChangesToDb,
  deleteTemplate,
  findActiveTemplateId,
  findStructureIds,
  findTemplate,
  findTemplateStates,
  findTemplateSummary,
  insertTemplate,
  listTemplates,
  saveTemplate,
} from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import { deleteTemplateLock, findTemplateLock, writeTemplateLock } from '@ecore/adapters/db/questionnaires/locks-repository.ts';
import type { TemplateLock } from '@ecore/core/questionnaires/locks.ts';
import { createTemplateCache, scoredTemplate, type ScoredTemplate } from './template-cache.ts';
import { createNotifiedCache } from '../../plugins/session-cache.ts';
import { unchangingAnswer } from '../../plugins/serializer.ts';
import { keepJson, sendKeptJson, type KeptJson } from '../../plugins/kept-json.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { idempotentRoute } from '../../plugins/idempotency.ts';
import { displayName, requireScoringManager, sendLocked } from './access.ts';
import { idParams, idValue, intValue } from '@ecore/core/shared/schemas.ts';

const lockedSchema = errorSchema.extend({ lockedStatus: z.object({ currentLockerName: z.string() }) });
const responses = { ...errorResponses, 403: errorSchema, 409: errorSchema, 423: lockedSchema } as const;
const tags = ['questionnaires'];
const security = [{ bearerAuth: [] }];

/** PUT /api/questionnaire edits a template; without an id it creates one (spec 02 §7). */
const putBodySchema = editTemplateBodySchema.extend({
  id: idValue.nullable().optional(),
  revision: intValue(0).optional(),
  clusters: editTemplateBodySchema.shape.clusters.default([]),
});

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Questionnaire templates: list, read, create, duplicate, edit, delete, activate, lock (spec 02 §2, §4, §7, §8). */
export const templateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const author = async (actor: Actor) => ({ name: displayName(await findSignInUserById(deps.db, actor.userId), actor), at: new Date(deps.clock()) });

  // Stamps and locks kept while the templates' change notifications come (plugins/auth.ts): a template read
  // then needs no database round trip until the template or its lock changes.
  const templates = createTemplateCache(deps.db, app.watchTables(['questionnaires'], createNotifiedCache<number, string | null>()));
  const locks = app.watchTables(['questionnaire_locks'], createNotifiedCache<number, TemplateLock | null>());
  /** The scored template with the holder of a live lock held by someone else (`lock` when already read). */
  const unlocked = new WeakMap<ScoredTemplate, ScoredTemplate & { lockedStatus: null }>();
  const presentScored = async (template: ScoredTemplate, actor: Actor, lock?: TemplateLock | null) => {
    const decision = lockDecision(lock === undefined ? await findTemplateLock(deps.db, template.id) : lock, actor.userId, deps.clock());
    if (decision.outcome === 'held') return { ...template, lockedStatus: { currentLockerName: decision.currentLockerName } };
    // Not locked by someone else: one answer object per kept template, so its text is written once.
    let answer = unlocked.get(template);
    if (!answer) unlocked.set(template, (answer = unchangingAnswer({ ...template, lockedStatus: null })));
    return answer;
  };
  /** The template as the API answers it: maxScore per question, and the holder of a live lock held by someone else. */
  const present = (template: QuestionnaireTemplate, actor: Actor) => presentScored(scoredTemplate(template), actor);
  /** A stored template as the API answers it, its structure from the cache; null when there is none. */
  const presentStored = async (id: number, actor: Actor, readable: (template: ScoredTemplate) => boolean) => {
    const [template, lock] = await Promise.all([templates.get(id), locks.get(id, () => findTemplateLock(deps.db, id))]);
    return template && readable(template) ? presentScored(template, actor, lock) : null;
  };

  /**
   * Sends a stored template: one not locked by someone else as bytes written once per kept template and gzipped once
   * for browsers (some 90 KB, about 10 KB gzipped), as the group list and the filled questionnaire are (issue 11).
   */
  const writtenTemplates = new WeakMap<object, KeptJson>();
  const sendStored = (request: FastifyRequest, reply: FastifyReply, answer: Awaited<ReturnType<typeof presentScored>>) => {
    if (answer.lockedStatus !== null) return reply.send(answer);
    let kept = writtenTemplates.get(answer);
    if (!kept) writtenTemplates.set(answer, (kept = keepJson(reply, answer)));
    return sendKeptJson(request, reply, kept);
  };

  /** Refuses with 423 when someone else holds a live lock; otherwise takes or refreshes the actor's lock. */
  const holdLock = async (id: number, actor: Actor, holderName: string): Promise<string | null> => {
    const now = deps.clock();
    const lock = await findTemplateLock(deps.db, id);
    const decision = lockDecision(lock, actor.userId, now);
    if (decision.outcome === 'held') return decision.currentLockerName;
    await writeTemplateLock(deps.db, id, { userId: actor.userId, holderName, since: decision.outcome === 'refresh' && lock ? lock.since : now, lastActivity: now });
    return null;
  };

  const create = async (actor: Actor, body: z.infer<typeof createTemplateBodySchema>) => {
    const states = await findTemplateStates(deps.db);
    const who = await author(actor);
    let content: TemplateContent;
    if (body.sourceId !== undefined) {
      const source = await findTemplate(deps.db, body.sourceId);
      if (!source) throw new HttpError(404, 'questionnaire-not-found');
      if (!mayCreateDraft(states)) throw new HttpError(400, 'questionnaire-clone-onlyOnce');
      // A copy starts with its new title alone: the source's translations name the source.
      content = { ...duplicateContent(source, { title: body.title, version: body.version }), translations: [] };
    } else {
      if (!mayCreateDraft(states)) throw new HttpError(400, 'questionnaire-create-onlyOnce');
      content = newTemplateContent({ title: body.title, version: body.version, type: body.type });
    }
    try {
      const id = await deps.db.transaction().execute((trx) => insertTemplate(trx, content, 'Draft', who));
      return (await findTemplate(deps.db, id))!;
    } catch (error) {
      // Two drafts created at the same moment: the database's one-draft index refuses the second.
      if (isUniqueViolation(error)) throw new HttpError(400, body.sourceId !== undefined ? 'questionnaire-clone-onlyOnce' : 'questionnaire-create-onlyOnce');
      throw error;
    }
  };

  app.get(
    '/questionnaire',
    {
      onRequest: app.authenticate,
      schema: {
        tags, security, summary: 'Template list: current (Draft, Active) or previous (Archived) versions',
        querystring: templateListQuerySchema,
        response: { 200: z.object({ items: z.array(templateSummarySchema), total: z.number(), page: z.number(), pageSize: z.number(), counts: z.record(z.string(), z.number()) }), ...responses },
      },
    },
    async (request) => {
      requireScoringManager(request.actor);
      return listTemplates(deps.db, request.query);
    },
  );

  app.get(
    '/Questionnaire/active',
    {
      onRequest: app.authenticate,
      schema: {
        tags, security, summary: 'The active template of a type (else the active Ecore template); readable by every signed-in user',
        querystring: z.object({ type: z.enum(QUESTIONNAIRE_TYPES).default('Ecore') }),
        response: { 200: templateResponseSchema, ...responses },
      },
    },
    async (request, reply) => {
      const id = (await findActiveTemplateId(deps.db, request.query.type)) ?? (await findActiveTemplateId(deps.db, 'Ecore'));
      const template = id === null ? null : await presentStored(id, request.actor, () => true);
      if (!template) throw new HttpError(404, 'questionnaire-no-active');
      return sendStored(request, reply, template);
    },
  );

  app.get(
    '/questionnaire/:id',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'One template with its whole structure', params: idParams, response: { 200: templateResponseSchema, ...responses } },
    },
    async (request, reply) => {
      // Others may read the active templates only; the rest does not exist for them (DOMAIN.md §1).
      const template = await presentStored(request.params.id, request.actor, (t) => mayReadTemplate(request.actor, t));
      if (!template) throw new HttpError(404, 'questionnaire-not-found');
      return sendStored(request, reply, template);
    },
  );

  app.post(
    '/questionnaire',
    {
      onRequest: app.authenticate,
      config: idempotentRoute.config,
      schema: { tags, security, summary: 'Creates a draft, or duplicates `sourceId` as the draft', headers: idempotentRoute.headers, body: createTemplateBodySchema, response: { 201: templateResponseSchema, ...responses, ...idempotentRoute.responses } },
    },
    async (request, reply) => {
      requireScoringManager(request.actor);
      const template = await create(request.actor, request.body);
      return reply.status(201).send(await present(template, request.actor));
    },
  );

  app.put(
    '/questionnaire',
    {
      onRequest: app.authenticate,
      schema: {
        tags, security, summary: 'Saves an edited draft (409 when the revision is stale, 423 when locked by another user); without id creates a draft',
        body: putBodySchema,
        response: { 200: templateResponseSchema, 201: templateResponseSchema, ...responses },
      },
    },
    async (request, reply) => {
      requireScoringManager(request.actor);
      const body = request.body;
      if (body.id === null || body.id === undefined) {
        const template = await create(request.actor, { title: body.title, version: body.version, type: body.type });
        return reply.status(201).send(await present(template, request.actor));
      }
      const id = body.id;
      const stored = await findTemplateSummary(deps.db, id);
      if (!stored) throw new HttpError(404, 'questionnaire-not-found');
      if (!isEditable(stored.state)) throw new HttpError(400, 'questionnaire-not-editable');
      const who = await author(request.actor);
      const holder = await holdLock(id, request.actor, who.name);
      if (holder !== null) return sendLocked(reply, request.language, holder);
      if (body.revision === undefined || body.revision !== stored.revision) throw new HttpError(409, 'questionnaire-stale');

      const content: TemplateContent = body;
      if (!structureIdsValid(content, await findStructureIds(deps.db, id))) throw new HttpError(400, 'questionnaire-ids-invalid');
      const saved = await deps.db.transaction().execute((trx) => saveTemplate(trx, id, body.revision!, content, who));
      if (!saved) throw new HttpError(409, 'questionnaire-stale');
      return present((await findTemplate(deps.db, id))!, request.actor);
    },
  );

  app.delete(
    '/questionnaire/:id',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Deletes a draft', params: idParams, response: { 204: z.null(), ...responses } },
    },
    async (request, reply) => {
      requireScoringManager(request.actor);
      const stored = await findTemplateSummary(deps.db, request.params.id);
      if (!stored) throw new HttpError(404, 'questionnaire-not-found');
      if (!isDeletable(stored.state)) throw new HttpError(400, 'questionnaire-delete-not-draft');
      const lock = lockDecision(await findTemplateLock(deps.db, stored.id), request.actor.userId, deps.clock());
      if (lock.outcome === 'held') return sendLocked(reply, request.language, lock.currentLockerName);
      await deleteTemplate(deps.db, stored.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/questionnaire/:id/activate',
    {
      onRequest: app.authenticate,
      schema: {
        tags, security, summary: 'Activates a draft and archives the previously active template of its type (400 questionnaire-activate-invalid names what is wrong)',
        params: idParams,
        response: { 204: z.null(), ...responses },
      },
    },
    async (request, reply) => {
      requireScoringManager(request.actor);
      const template = await findTemplate(deps.db, request.params.id);
      if (!template) throw new HttpError(404, 'questionnaire-not-found');
      const problems = activationProblems(template);
      if (problems.length) throw new HttpError(400, 'questionnaire-activate-invalid', { details: describeActivationProblems(problems, request.language) });
      const lock = lockDecision(await findTemplateLock(deps.db, template.id), request.actor.userId, deps.clock());
      if (lock.outcome === 'held') return sendLocked(reply, request.language, lock.currentLockerName);
      const who = await author(request.actor);
      await deps.db.transaction().execute(async (trx) => {
        const changes = activationChanges(await findTemplateStates(trx), template.id);
        if (!changes) throw new HttpError(400, 'questionnaire-activate-invalid', { details: describeActivationProblems([{ code: 'notDraft' }], request.language) });
        await applyStateChangesToDb(trx, changes, who);
        await deleteTemplateLock(trx, template.id);
      });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/questionnaire/:id/lock',
    {
      onRequest: app.authenticate,
      schema: {
        tags, security, summary: 'Takes (isLocked=true) or releases the editing lock; 423 names the holder',
        params: idParams,
        querystring: lockQuerySchema,
        response: { 200: z.object({ lockedStatus: z.null() }), ...responses },
      },
    },
    async (request, reply) => {
      requireScoringManager(request.actor);
      const stored = await findTemplateSummary(deps.db, request.params.id);
      if (!stored) throw new HttpError(404, 'questionnaire-not-found');
      const now = deps.clock();
      const lock = await findTemplateLock(deps.db, stored.id);
      if (request.query.isLocked) {
        // Only drafts are edited, so only drafts are locked.
        if (!isEditable(stored.state)) return { lockedStatus: null };
        const holder = await holdLock(stored.id, request.actor, (await author(request.actor)).name);
        if (holder !== null) return sendLocked(reply, request.language, holder);
        return { lockedStatus: null };
      }
      const decision = lockDecision(lock, request.actor.userId, now);
      if (decision.outcome === 'held') return sendLocked(reply, request.language, decision.currentLockerName);
      await deleteTemplateLock(deps.db, stored.id);
      return { lockedStatus: null };
    },
  );
};
