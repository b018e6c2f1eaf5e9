import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filledQuestionnaireTable } from '@ecore/core/answering/answer-export.ts';
import { exportFormatSchema } from '@ecore/core/exports/export-format.ts';
import { LANGUAGES } from '@ecore/core/shared/language.ts';
import { writeTable } from '@ecore/adapters/exports/table-file.ts';
import type { AppDeps } from '../../deps.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { createTemplateCache } from '../questionnaires/template-cache.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { answersOf, structureFor, visibleQuestionnaire } from './context.ts';
import { flagParam, idParam } from '@ecore/core/shared/schemas.ts';

/**
 * GET /api/export/questionnaire/{id}/{qid}?exportFormat=0|1|2&language=de|en&isBuyerAsset=: a filled questionnaire
 * as JSON, CSV or Excel in the chosen language, with questions, answers, units and comments (spec 02 §2, §7).
 */
export const answerExportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const templates = createTemplateCache(deps.db);
  app.get(
    '/export/questionnaire/:id/:qid',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['answering'],
        security: [{ bearerAuth: [] }],
        summary: 'Exports a filled questionnaire of an object as JSON (0), CSV (1) or Excel (2) in a language',
        params: z.object({ id: idParam, qid: idParam }),
        querystring: z.object({
          exportFormat: exportFormatSchema,
          language: z.enum(LANGUAGES).default('de'),
          isBuyerAsset: flagParam.optional(),
        }),
        response: { ...errorResponses, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, questionnaire } = await visibleQuestionnaire(deps.db, actor, request.params.id, request.params.qid, request.query.isBuyerAsset);
      const template = await templates.get(questionnaire.questionnaireId);
      if (!template) throw new HttpError(404, 'not-found');
      const { stored, comments } = await answersOf(deps.db, questionnaire);
      const { language, exportFormat } = request.query;
      const table = filledQuestionnaireTable(structureFor(template, asset), stored, comments, language);
      const file = await writeTable({ ...table, title: `${asset.objectName} ${template.version}` }, exportFormat);
      const name = `${asset.objectName}-${template.version}`.replace(/[^\p{L}\p{N}_-]+/gu, '_');
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${name.replace(/[^\w-]/g, '_')}.${file.extension}"; filename*=UTF-8''${encodeURIComponent(name)}.${file.extension}`)
        .send(file.body as never);
    },
  );
};
