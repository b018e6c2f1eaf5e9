import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { mayAnswer } from '@ecore/core/answering/submission.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import { acceptOutlier, checkedOutliers, openOutliers, OUTLIER_KPIS, OUTLIER_TYPES, type CheckedOutlier } from '@ecore/core/scoring/outliers.ts';
import { idParam, wholeNumberParam } from '@ecore/core/shared/schemas.ts';
import type { AssetQuestionnaireRow } from '@ecore/adapters/db/answering/answering-repository.ts';
import { findOutlierAcceptances, lockQuestionnaireRow, saveOutlierAcceptance } from '@ecore/adapters/db/answering/outlier-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import type { ReferenceData } from '@ecore/core/scoring/reference-lookup.ts';
import type { ScoredTemplate } from '../questionnaires/template-cache.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { createTemplateCache } from '../questionnaires/template-cache.ts';
import { createReferenceDataCache } from '../scoring/stored-score.ts';
import { actorName, answersOf, readableQuestionnaire, visibleQuestionnaire } from './context.ts';
import { questionnaireFlags } from './plausibility.ts';

const tags = ['answering'];
const security = [{ bearerAuth: [] }];
const responses = { ...errorResponses, 403: errorSchema } as const;
const twoIds = z.object({ id: idParam, qid: idParam });

/** A flag as the API answers it (docs/answering.md "Plausibility checks"). */
export const outlierSchema = z.object({
  questionId: z.number().describe('The flagged question; 0 for the gross floor area'),
  kpi: z.enum(OUTLIER_KPIS),
  type: z.enum(OUTLIER_TYPES),
  value: z.number().describe('The figure checked'),
  reference: z.number().describe('What it was compared with: the average, last year’s figure, the carriers’ sum or last year’s area'),
  deviation: z.number().nullable().describe('(value − reference) / reference; null where the reference is 0'),
  accepted: z.boolean().describe('Explained, and the figure unchanged since'),
  explanation: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  peers: z.object({ country: z.string(), assetClasses: z.array(z.string()) }).nullable().describe('Intensity: whose average it is'),
});

const acceptBodySchema = z.object({
  type: z.string().describe(`One of ${OUTLIER_TYPES.join(', ')}`),
  explanation: z.string().describe('10 to 1 000 characters after trimming'),
});

const outlierResponse = (o: CheckedOutlier) => ({
  questionId: o.questionId,
  kpi: o.kpi,
  type: o.type,
  value: o.value,
  reference: o.reference,
  deviation: o.deviation,
  accepted: o.accepted,
  explanation: o.acceptance?.explanation ?? null,
  acceptedBy: o.acceptance?.acceptedBy ?? null,
  acceptedAt: o.acceptance?.acceptedAt ?? null,
  peers: o.peers ?? null,
});

/**
 * Plausibility checks of a filled questionnaire (issue 40, docs/answering.md "Plausibility checks"): core's flags of
 * its consumption figures, computed from the answers as they are now, against the reference data and the
 * questionnaire the annual start followed; and the explanation of one flag by whoever may answer.
 */
export const outlierRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  const templates = createTemplateCache(deps.db);
  const references = createReferenceDataCache(app, deps.db);

  /** The flags of a questionnaire of a visible object (its template's applicable questions, last year's figures). */
  const flagsOf = async (asset: AssetView, questionnaire: AssetQuestionnaireRow) => {
    const [template, data] = await Promise.all([templates.get(questionnaire.questionnaireId), references()]);
    if (!template) throw new HttpError(404, 'not-found');
    return flagsWith(deps.db, template, data, asset, questionnaire);
  };
  /** The flags with template and reference data at hand, read through `db` (a transaction holding the row). */
  const flagsWith = async (db: Kysely<DB>, template: ScoredTemplate, data: ReferenceData, asset: AssetView, questionnaire: AssetQuestionnaireRow) =>
    questionnaireFlags(db, template, asset, questionnaire, (await answersOf(db, questionnaire)).stored, data);

  app.get(
    '/asset/:id/questionnaire/:qid/outliers',
    {
      schema: {
        tags,
        security,
        summary: "The plausibility flags of a filled questionnaire's consumption figures, open ones first, with their explanations",
        params: twoIds,
        response: { 200: z.array(outlierSchema), ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, questionnaire } = await readableQuestionnaire(deps.db, actor, request.params.id, request.params.qid);
      const [flags, acceptances] = await Promise.all([flagsOf(asset, questionnaire), findOutlierAcceptances(deps.db, questionnaire.id)]);
      return checkedOutliers(flags, acceptances).map(outlierResponse);
    },
  );

  app.put(
    '/asset/:id/questionnaire/:qid/outliers/:questionId',
    {
      config: { writes: ['outlier_acceptances'] },
      schema: {
        tags,
        security,
        summary: 'Explains a plausibility flag (10 to 1 000 characters); a later change of the figure re-opens it',
        // The question of the flag; 0 names the gross floor area's flag (core AREA_QUESTION_ID), which has no question.
        params: twoIds.extend({ questionId: wholeNumberParam(0).describe('the flagged question; 0 for the gross floor area') }),
        body: acceptBodySchema,
        response: { 200: outlierSchema, ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, questionnaire } = await visibleQuestionnaire(deps.db, actor, request.params.id, request.params.qid);
      if (!mayAnswer(actor, asset)) throw new HttpError(403, 'forbidden');
      const name = await actorName(app, deps.db, request.actor);
      const at = new Date(deps.clock());
      const [template, data] = await Promise.all([templates.get(questionnaire.questionnaireId), references()]);
      if (!template) throw new HttpError(404, 'not-found');
      // With the questionnaire's row locked, as a save holds it: the flags are those of the answers as they are, and
      // the count of open flags the worklist reads (docs/worklist.md) is written with the explanation.
      const acceptance = await deps.db.transaction().execute(async (trx) => {
        await lockQuestionnaireRow(trx, questionnaire.id);
        const flags = await flagsWith(trx, template, data, asset, questionnaire);
        const accepted = acceptOutlier(flags, request.params.questionId, request.body.type, request.body.explanation);
        if (E.isLeft(accepted)) throw new FieldsError(accepted.left);
        const { outlier, explanation } = accepted.right;
        const given = { questionId: outlier.questionId, type: outlier.type, value: outlier.value, explanation, acceptedBy: name, acceptedAt: at.toISOString() };
        const openFlags = openOutliers(flags, [...(await findOutlierAcceptances(trx, questionnaire.id)), given]).length;
        await saveOutlierAcceptance(trx, questionnaire.id, { questionId: outlier.questionId, type: outlier.type, value: outlier.value, explanation }, { userId: actor.userId, name, at }, openFlags);
        return { outlier, given };
      });
      return outlierResponse(checkedOutliers([acceptance.outlier], [acceptance.given])[0]!);
    },
  );
};
