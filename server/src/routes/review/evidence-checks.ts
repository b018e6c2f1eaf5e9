import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANSWER_STATES } from '@ecore/core/answering/answers.ts';
import { checkedElsewhere } from '@ecore/core/answering/evidence.ts';
import { idParam } from '@ecore/core/shared/schemas.ts';
import { checksOfQuestionnaire } from '@ecore/adapters/db/answering/evidence-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { readableQuestionnaire } from '../answering/context.ts';

const checkSchema = z.object({
  assetName: z.string().describe('the object of the other questionnaire'),
  reportingYear: z.number().nullable(),
  decision: z.enum(ANSWER_STATES).describe('ReviewAccepted (tester) or EvaluationAccepted (evaluator)'),
  checkedBy: z.string().nullable().describe('who accepted the answer; null for an acceptance from before the names were kept'),
  checkedAt: z.string().nullable(),
  certificateCode: z.string().nullable().describe("the code of the label issued on that questionnaire, if any"),
});
const documentChecks = z.object({
  documentId: z.number().describe("the answer's document (the link) in this questionnaire"),
  evidenceId: z.number(),
  checks: z.array(checkSchema).describe('newest first; empty where the document was not checked elsewhere'),
});

/**
 * "Already checked" on the check screen (docs/evidence.md): per library document of a filled questionnaire, the
 * other questionnaires in which an answer it is linked to was accepted, by whom, when and with which label code.
 * The check itself stays per answer.
 */
export const evidenceCheckRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/asset/:id/questionnaire/:qid/evidenceChecks',
    {
      schema: {
        tags: ['review'],
        security: [{ bearerAuth: [] }],
        summary: "Per library document of a filled questionnaire's answers: where it was already checked in another questionnaire (by whom, when, with which label code)",
        params: z.object({ id: idParam, qid: idParam }),
        response: { 200: z.array(documentChecks), ...errorResponses, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { questionnaire } = await readableQuestionnaire(deps.db, actor, request.params.id, request.params.qid);
      const { documents, links } = await checksOfQuestionnaire(deps.db, questionnaire.id);
      const checked = checkedElsewhere(links, questionnaire.id);
      return documents.map(({ documentId, evidenceId }) => ({
        documentId,
        evidenceId,
        checks: (checked.get(evidenceId) ?? []).map((c) => ({
          assetName: c.assetName, reportingYear: c.reportingYear, decision: c.answerState!, checkedBy: c.checkedBy, checkedAt: c.checkedAt, certificateCode: c.certificateCode,
        })),
      }));
    },
  );
};
