import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import { DOCUMENT_CONTENT_TYPES, MAX_DOCUMENT_BYTES, documentKind, mayChangeDocuments } from '@ecore/core/answering/documents.ts';
import { EVIDENCE_TYPES, checkEvidenceFields, expiresWithin, EXPIRY_NOTICE_DAYS, mayChangeLibrary, mayDeleteEvidence, mayReadLibrary, type EvidenceFields, type EvidenceType } from '@ecore/core/answering/evidence.ts';
import { mayAnswer } from '@ecore/core/answering/submission.ts';
import { idParam, idParams } from '@ecore/core/shared/schemas.ts';
import { findAnswerOwner } from '@ecore/adapters/db/answering/answering-repository.ts';
import { deleteEvidence, findEvidence, insertEvidence, linkEvidence, linksOf, listEvidence, unlinkEvidence, updateEvidence, type EvidenceRow } from '@ecore/adapters/db/answering/evidence-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { actorName, documentResponse, visibleAsset } from './context.ts';
import { documentSchema } from './schemas.ts';

const tags = ['answering'];
const security = [{ bearerAuth: [] }];
const responses = { ...errorResponses, 403: errorSchema, 404: errorSchema } as const;

const dateField = z.union([z.string().max(10), z.null()]).optional();
const fieldsBody = z.object({
  title: z.string({ error: 'validation-required' }).max(1000, { error: 'evidence-title-too-long' }),
  type: z.enum(EVIDENCE_TYPES, { error: 'evidence-type' }),
  validFrom: dateField.describe('YYYY-MM-DD; absent or null: valid from the start'),
  validUntil: dateField.describe('YYYY-MM-DD, not before validFrom; absent or null: no end'),
});
const linkSchema = z.object({
  documentId: z.number().describe("the link as the answer's document"),
  answerId: z.number(),
  questionId: z.number(),
  assetId: z.number(),
  assetName: z.string(),
  assetQuestionnaireId: z.number(),
  questionnaireState: z.string(),
  reportingYear: z.number().nullable(),
});
const evidenceSchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.enum(EVIDENCE_TYPES),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  expiringSoon: z.boolean().describe(`validity ends within ${EXPIRY_NOTICE_DAYS} days from today`),
  links: z.array(linkSchema),
});
const linkParams = z.object({ answerId: idParam, evidenceId: idParam });

const refuseFields = (fields: EvidenceFields): EvidenceFields => {
  const checked = checkEvidenceFields(fields);
  if (E.isLeft(checked)) throw new FieldsError(checked.left);
  return checked.right;
};

/**
 * The evidence library (docs/evidence.md): an organisation's documents uploaded once (PDF or JPG up to 10 MB, as on
 * an answer), described with title, type and validity, linked to any number of its answers. Core decides who reads
 * and changes (evidence.ts); another organisation's entry is 404.
 */
export const evidenceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES + 1, files: 1, fields: 8, parts: 9 } });
  const today = () => new Date(deps.clock()).toISOString().slice(0, 10);

  const withLinks = async (entries: EvidenceRow[]) => {
    const links = await linksOf(deps.db, entries.map((e) => e.id));
    const now = today();
    return entries.map((e) => ({
      id: e.id, title: e.title, type: e.type, validFrom: e.validFrom, validUntil: e.validUntil, fileName: e.fileName, contentType: e.contentType, size: e.size,
      uploadedBy: e.uploadedBy, uploadedAt: e.uploadedAt, expiringSoon: expiresWithin(e.validUntil, now, EXPIRY_NOTICE_DAYS), links: links.get(e.id) ?? [],
    }));
  };
  /** An entry of the caller's organisation (else 404), for a caller who may read (else 403). */
  const ownEntry = async (actor: { orgId: number; roles: Parameters<typeof mayReadLibrary>[0]['roles'] }, id: number, change: boolean) => {
    if (!(change ? mayChangeLibrary(actor) : mayReadLibrary(actor))) throw new HttpError(403, 'forbidden');
    const entry = await findEvidence(deps.db, id);
    if (!entry || entry.organisationId !== actor.orgId) throw new HttpError(404, 'not-found');
    return entry;
  };

  app.post(
    '/evidence',
    {
      schema: {
        tags, security, consumes: ['multipart/form-data'],
        summary: 'Uploads a document into the organisation\'s evidence library (multipart: `file`, PDF or JPG up to 10 MB; `title`, `type`, optional `validFrom`/`validUntil`)',
        response: { 201: evidenceSchema, ...responses, 413: errorSchema },
      },
    },
    async (request, reply) => {
      if (!mayChangeLibrary(request.actor)) throw new HttpError(403, 'forbidden');
      if (!request.isMultipart()) throw new HttpError(400, 'document-invalid');
      const fields: Record<string, string> = {};
      let upload: { name: string; bytes: Buffer } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') upload = { name: part.filename, bytes: await part.toBuffer() };
          else fields[part.fieldname] = String(part.value);
        }
      } catch {
        throw new HttpError(400, 'document-invalid');
      }
      const type = EVIDENCE_TYPES.includes(fields.type as EvidenceType) ? (fields.type as EvidenceType) : null;
      if (type === null) throw new FieldsError([{ path: 'type', key: 'evidence-type' }]);
      const described = refuseFields({ title: fields.title ?? '', type, validFrom: fields.validFrom || null, validUntil: fields.validUntil || null });
      if (!upload) throw new HttpError(400, 'document-invalid');
      const kind = documentKind(upload.bytes, upload.bytes.length);
      if (E.isLeft(kind)) throw new HttpError(400, 'document-invalid');
      const storageKey = randomBytes(18).toString('base64url');
      await deps.files.put(storageKey, upload.bytes);
      try {
        const entry = await insertEvidence(deps.db, {
          ...described, organisationId: request.actor.orgId,
          fileName: (upload.name.split(/[\\/]/).pop() ?? '').slice(0, 200) || `document.${kind.right}`,
          contentType: DOCUMENT_CONTENT_TYPES[kind.right], size: upload.bytes.length, storageKey, origin: 'library',
          uploadedBy: await actorName(app, deps.db, request.actor), uploadedAt: new Date(deps.clock()),
        });
        return reply.status(201).send((await withLinks([entry]))[0]!);
      } catch (error) {
        await deps.files.remove(storageKey);
        throw error;
      }
    },
  );

  app.get(
    '/evidence',
    {
      schema: {
        tags, security,
        summary: "The organisation's evidence library, newest first, with each document's links: by a text in title or file name, by type, by validity ending within a number of days",
        querystring: z.object({
          search: z.string().max(200).optional(),
          type: z.enum(EVIDENCE_TYPES, { error: 'evidence-type' }).optional(),
          expiringWithinDays: z.coerce.number({ error: 'validation-number' }).int({ error: 'validation-number' }).min(0, { error: 'validation-number' }).max(3650, { error: 'validation-number' }).optional(),
        }),
        response: { 200: z.array(evidenceSchema), ...responses },
      },
    },
    async (request) => {
      if (!mayReadLibrary(request.actor)) throw new HttpError(403, 'forbidden');
      const { search, type, expiringWithinDays } = request.query;
      const now = today();
      const until = expiringWithinDays === undefined ? undefined : new Date(Date.parse(`${now}T00:00:00Z`) + expiringWithinDays * 86_400_000).toISOString().slice(0, 10);
      const entries = await listEvidence(deps.db, request.actor.orgId, { search, type, ...(until !== undefined ? { validUntilFrom: now, validUntilTo: until } : {}) });
      return withLinks(entries);
    },
  );

  app.get(
    '/evidence/:id',
    { schema: { tags, security, summary: 'One document of the evidence library with its links', params: idParams, response: { 200: evidenceSchema, ...responses } } },
    async (request) => (await withLinks([await ownEntry(request.actor, request.params.id, false)]))[0]!,
  );

  app.put(
    '/evidence/:id',
    {
      schema: { tags, security, summary: "Describes a document of the library: title, type, validity (validUntil not before validFrom)", params: idParams, body: fieldsBody, response: { 200: evidenceSchema, ...responses } },
    },
    async (request) => {
      const entry = await ownEntry(request.actor, request.params.id, true);
      const described = refuseFields({ title: request.body.title, type: request.body.type, validFrom: request.body.validFrom ?? null, validUntil: request.body.validUntil ?? null });
      await updateEvidence(deps.db, entry.id, described);
      return (await withLinks([(await findEvidence(deps.db, entry.id))!]))[0]!;
    },
  );

  app.delete(
    '/evidence/:id',
    {
      schema: { tags, security, summary: 'Deletes a document of the library and unlinks it everywhere; refused while it is linked to a submitted or closed questionnaire', params: idParams, response: { 204: z.null(), ...responses } },
    },
    async (request, reply) => {
      const entry = await ownEntry(request.actor, request.params.id, true);
      const links = (await linksOf(deps.db, [entry.id])).get(entry.id) ?? [];
      const allowed = mayDeleteEvidence(links.map((l) => l.questionnaireState as AssetQuestionnaireState));
      if (E.isLeft(allowed)) throw new HttpError(400, allowed.left);
      await deleteEvidence(deps.db, entry.id);
      await deps.files.remove(entry.storageKey);
      return reply.status(204).send(null);
    },
  );

  /** The answer on an object the caller answers for, in a state whose documents change, and an entry of the object's organisation. */
  const linkable = async (request: { actor: Parameters<typeof assetActorOf>[1] }, answerId: number, evidenceId: number) => {
    const actor = await assetActorOf(app, request.actor);
    const owner = await findAnswerOwner(deps.db, answerId);
    if (!owner) throw new HttpError(404, 'not-found');
    const asset = await visibleAsset(deps.db, actor, owner.assetId);
    if (!mayAnswer(actor, asset)) throw new HttpError(403, 'forbidden');
    const entry = await findEvidence(deps.db, evidenceId);
    if (!entry || entry.organisationId !== asset.organisationId || entry.organisationId !== request.actor.orgId) throw new HttpError(404, 'not-found');
    if (!mayChangeDocuments(owner.questionnaireState as AssetQuestionnaireState)) throw new HttpError(400, 'answer-not-answerable');
    return { owner, entry };
  };

  app.put(
    '/asset/answer/:answerId/evidence/:evidenceId',
    {
      schema: { tags, security, summary: 'Links a document of the library to an answer (once: linking again answers the same link)', params: linkParams, response: { 200: documentSchema, 201: documentSchema, ...responses } },
    },
    async (request, reply) => {
      const { owner, entry } = await linkable(request, request.params.answerId, request.params.evidenceId);
      const { document, created } = await linkEvidence(deps.db, owner.answerId, entry, await actorName(app, deps.db, request.actor), new Date(deps.clock()));
      return reply.status(created ? 201 : 200).send(documentResponse(document));
    },
  );

  app.delete(
    '/asset/answer/:answerId/evidence/:evidenceId',
    { schema: { tags, security, summary: 'Unlinks a document of the library from an answer (the document stays in the library)', params: linkParams, response: { 204: z.null(), ...responses } } },
    async (request, reply) => {
      const { owner, entry } = await linkable(request, request.params.answerId, request.params.evidenceId);
      if (!(await unlinkEvidence(deps.db, owner.answerId, entry.id))) throw new HttpError(404, 'evidence-not-linked');
      return reply.status(204).send(null);
    },
  );
};
