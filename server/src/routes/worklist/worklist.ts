import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarDate } from '@ecore/core/review/transitions.ts';
import { WORKLIST_KINDS, worklist, worklistPlan } from '@ecore/core/worklist/worklist.ts';
import { findWorklistRows } from '@ecore/adapters/db/worklist/worklist-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';

const kindSchema = z.enum(WORKLIST_KINDS);

export const worklistSchema = z.object({
  items: z.array(
    z.object({
      kind: kindSchema,
      subjectType: z.enum(['asset', 'group', 'webhook', 'accessRequest', 'import']),
      subjectId: z.number(),
      subjectName: z.string(),
      questionnaireId: z.number().nullable(),
      isBuyerAsset: z.boolean(),
      state: z.string(),
      since: z.string().describe('Since when it waits: the change into its state (ISO 8601)'),
      dueOn: z.string().nullable().describe('The last valid day of an expiring label'),
      note: z.string().nullable().describe('The reason given with the change that made it (a decline’s), verbatim; for an access request, the buyer organisation'),
      answered: z.number().nullable(),
      total: z.number().nullable().describe('The questions of the questionnaire; the failed rows of a failed import (kind importsFailed)'),
      openFlags: z.number().nullable().describe('The open plausibility flags of the answers (kind plausibilityFlags)'),
      why: z.string().describe('Why it is on the list, in the request’s language'),
      link: z.string().describe('The path of the web client’s screen that resolves it'),
    }),
  ),
  counts: z.object(Object.fromEntries(WORKLIST_KINDS.map((k) => [k, z.number()])) as Record<(typeof WORKLIST_KINDS)[number], z.ZodNumber>),
  total: z.number(),
});

/**
 * The caller's worklist (docs/worklist.md): core decides from the roles and access list which states wait for them
 * (`worklistPlan`), the database answers one query per kind, core ranks and words the items.
 */
export const worklistRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/user/me/worklist',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['worklist'],
        summary: 'The caller’s open work, ranked, with the count per kind',
        description:
          'Declined questionnaires and requested documents back to the owner, review jobs of the assigned tester and the evaluator, groups waiting for a decision, labels expiring within 60 days, questionnaires still being answered, answers with open plausibility flags, access requests to decide, paused webhooks, imports refused because rows failed (of the last 14 days, until a later import of the same kind stores). Each item says why it is there, since when, and links to the screen that resolves it; each kind answers its 50 longest-waiting items and its full count.',
        security: [{ bearerAuth: [] }],
        response: { 200: worklistSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const now = deps.clock();
      const plan = worklistPlan(actor, calendarDate(new Date(now)), now);
      const { rows, counts } = await findWorklistRows(deps.db, plan);
      return worklist(rows, request.language, counts);
    },
  );
};
