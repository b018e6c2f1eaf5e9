import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { DOCUMENT_CONTENT_TYPES, MAX_DOCUMENT_BYTES, contentDisposition, dispositionOf, documentKind, mayChangeDocuments } from '@ecore/core/answering/documents.ts';
import { mayAnswer } from '@ecore/core/answering/submission.ts';
import { flagParam, idParams } from '@ecore/core/shared/schemas.ts';
import { deleteDocument, findAnswerOwner, findDocument } from '@ecore/adapters/db/answering/answering-repository.ts';
import { deleteEvidence, evidenceOfDocument, findEvidence, insertEvidence, linkCount, linkEvidence } from '@ecore/adapters/db/answering/evidence-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { actorName, documentResponse, visibleAsset } from './context.ts';
import { documentSchema } from './schemas.ts';
import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';

const tags = ['answering'];
const security = [{ bearerAuth: [] }];
const responses = { ...errorResponses, 403: errorSchema, 413: errorSchema } as const;

/**
 * Evidence for answers (spec 02 §5, §7, §9): PDF and JPG up to 10 MB, recognised by their content, stored through
 * the file-store port. The file is stored before its record and removed again when the record cannot be written,
 * so a refused or interrupted upload leaves neither a half file nor a dangling record.
 */
export const documentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  // One file per request, a little over the limit so that "too big" is answered by our rule with its message.
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES + 1, files: 1, fields: 5, parts: 6 } });

  /** The answer a document belongs to, on an object the actor sees; else 404. */
  const answerOf = async (request: { actor: Parameters<typeof assetActorOf>[1] }, answerId: number) => {
    const actor = await assetActorOf(app, request.actor);
    const owner = await findAnswerOwner(deps.db, answerId);
    if (!owner) throw new HttpError(404, 'not-found');
    const asset = await visibleAsset(deps.db, actor, owner.assetId);
    return { actor, owner, asset };
  };

  app.put(
    '/asset/answer/:id/document',
    {
      schema: {
        tags,
        security,
        summary: 'Uploads a document (multipart field `file`, PDF or JPG, at most 10 MB) for an answer',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: documentSchema, ...responses },
      },
    },
    async (request, reply) => {
      const { actor, owner, asset } = await answerOf(request, request.params.id);
      if (!mayAnswer(actor, asset)) throw new HttpError(403, 'forbidden');
      if (!mayChangeDocuments(owner.questionnaireState as AssetQuestionnaireState)) throw new HttpError(400, 'answer-not-answerable');
      if (!request.isMultipart()) throw new HttpError(400, 'document-invalid');
      const file = await request.file();
      if (!file) throw new HttpError(400, 'document-invalid');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        // Over the limit (or cut off): nothing was stored.
        throw new HttpError(400, 'document-invalid');
      }
      const kind = documentKind(bytes, bytes.length);
      if (E.isLeft(kind)) throw new HttpError(400, 'document-invalid');
      const storageKey = randomBytes(18).toString('base64url');
      await deps.files.put(storageKey, bytes);
      try {
        const fileName = (file.filename.split(/[\\/]/).pop() ?? '').slice(0, 200) || `document.${kind.right}`;
        const by = await actorName(app, deps.db, request.actor);
        const at = new Date(deps.clock());
        // Uploaded on an answer: an entry of the organisation's evidence library, linked to the answer (docs/evidence.md).
        const stored = await deps.db.transaction().execute(async (trx) => {
          const entry = await insertEvidence(trx, {
            organisationId: asset.organisationId, title: fileName, type: 'other', validFrom: null, validUntil: null,
            fileName, contentType: DOCUMENT_CONTENT_TYPES[kind.right], size: bytes.length, storageKey, origin: 'answer', uploadedBy: by, uploadedAt: at,
          });
          return (await linkEvidence(trx, owner.answerId, entry, by, at)).document;
        });
        return reply.status(201).send(documentResponse(stored));
      } catch (error) {
        await deps.files.remove(storageKey);
        throw error;
      }
    },
  );

  app.get(
    '/asset/answer/document/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Downloads a document as an attachment under its sanitised file name; `inline=true` shows a PDF, PNG or JPEG in the browser',
        params: idParams,
        querystring: z.object({ inline: flagParam.optional().describe('Show a PDF, PNG or JPEG in the browser instead of downloading it') }),
        response: { ...responses },
      },
    },
    async (request, reply) => {
      const document = await findDocument(deps.db, request.params.id);
      if (!document) throw new HttpError(404, 'not-found');
      await answerOf(request, document.answerId);
      const bytes = await deps.files.get(document.storageKey);
      if (!bytes) throw new HttpError(404, 'not-found');
      return reply
        .header('Content-Type', document.contentType)
        .header('Content-Disposition', contentDisposition(document.fileName, dispositionOf(document.contentType, request.query.inline === true)))
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(bytes) as never);
    },
  );

  app.delete(
    '/asset/answer/document/:id',
    { schema: { tags, security, summary: 'Deletes a document of an answer', params: idParams, response: { 204: z.null(), ...responses } } },
    async (request, reply) => {
      const document = await findDocument(deps.db, request.params.id);
      if (!document) throw new HttpError(404, 'not-found');
      const { actor, owner, asset } = await answerOf(request, document.answerId);
      if (!mayAnswer(actor, asset)) throw new HttpError(403, 'forbidden');
      if (!mayChangeDocuments(owner.questionnaireState as AssetQuestionnaireState)) throw new HttpError(400, 'answer-not-answerable');
      // A library document is unlinked; one uploaded on an answer goes with its last link (docs/evidence.md).
      const evidenceId = await evidenceOfDocument(deps.db, document.id);
      await deleteDocument(deps.db, document.id);
      const entry = evidenceId === null ? null : await findEvidence(deps.db, evidenceId);
      const gone = evidenceId === null || (entry !== null && entry.origin === 'answer' && (await linkCount(deps.db, entry.id)) === 0);
      if (entry !== null && gone) await deleteEvidence(deps.db, entry.id);
      if (gone) await deps.files.remove(document.storageKey);
      return reply.status(204).send(null);
    },
  );
};
