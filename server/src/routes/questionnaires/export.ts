import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportQuerySchema } from '@ecore/core/questionnaires/schemas.ts';
import { exportFileName } from '@ecore/core/questionnaires/template-export.ts';
import { findTemplate } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import { questionnaireCsv, questionnaireExcel, questionnaireJson } from '@ecore/adapters/exports/questionnaire-export.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { requireScoringManager } from './access.ts';
import { idParams } from '@ecore/core/shared/schemas.ts';

const FORMATS = [
  { extension: 'json', type: 'application/json; charset=utf-8' },
  { extension: 'csv', type: 'text/csv; charset=utf-8' },
  { extension: 'xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
] as const;

/** GET /api/export/questionnaire/{id}?exportFormat=0|1|2&language=de|en: a template as a file (spec 02 §2 export dialog). */
export const templateExportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/export/questionnaire/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['questionnaires'],
        security: [{ bearerAuth: [] }],
        summary: 'Exports a template as JSON (0), CSV (1) or Excel (2) in a language',
        params: idParams,
        querystring: exportQuerySchema,
        response: { ...errorResponses, 403: errorSchema },
      },
    },
    async (request, reply) => {
      requireScoringManager(request.actor);
      const template = await findTemplate(deps.db, request.params.id);
      if (!template) throw new HttpError(404, 'questionnaire-not-found');
      const { exportFormat, language } = request.query;
      const format = FORMATS[exportFormat]!;
      const body =
        exportFormat === 0 ? questionnaireJson(template, language) : exportFormat === 1 ? questionnaireCsv(template, language) : await questionnaireExcel(template, language);
      return reply
        .header('Content-Type', format.type)
        .header('Content-Disposition', `attachment; filename="${exportFileName(template, language, format.extension)}"`)
        .send(body as never);
    },
  );
};
