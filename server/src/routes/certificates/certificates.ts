import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { assetGrants, groupScope, mayViewAsset, type AssetActor } from '@ecore/core/assets/asset-access.ts';
import {
  CERTIFICATE_STATUSES,
  VERIFICATION_STATUSES,
  certificateFileName,
  certificateStatus,
  mayDownloadCertificate,
  mayViewCertificate,
  verificationOf,
  type Certificate,
  type CertificateSubject,
  type SubjectKind,
} from '@ecore/core/certificates/certificate.ts';
import { formatCode, normaliseCode } from '@ecore/core/certificates/code.ts';
import { contentDisposition } from '@ecore/core/answering/documents.ts';
import { CLASSIFICATIONS } from '@ecore/core/scoring/display.ts';
import { calendarDate } from '@ecore/core/review/transitions.ts';
import { idParam } from '@ecore/core/shared/schemas.ts';
import type { PdfRenderer } from '@ecore/core/shared/pdf-renderer.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findGroup } from '@ecore/adapters/db/object-groups/groups-repository.ts';
import { findCertificateByCode, findCurrentCertificate, financePartnersOfAsset } from '@ecore/adapters/db/certificates/certificates-repository.ts';
import { createChromiumPdfRenderer } from '@ecore/adapters/pdf/chromium-pdf.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { certificateHtml, verificationUrl } from './render.ts';

const tags = ['certificates'];
const security = [{ bearerAuth: [] }];
const responses = { ...errorResponses, 403: errorSchema, 503: errorSchema } as const;
const idQuery = z.object({ id: idParam });

/** Public verification: this many requests per minute and address (docs/certificates.md). */
export const VERIFY_RATE_LIMIT = 30;

const clusterSchema = z.object({ clusterIdentifier: z.string(), ratio: z.number().nullable(), classification: z.enum(CLASSIFICATIONS) });
/** The certificate view's data (docs/certificates.md "HTTP API"); `code` grouped as printed. */
export const certificateDataSchema = z.object({
  code: z.string(),
  verificationUrl: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  labelName: z.string(),
  questionnaireName: z.string(),
  ownerName: z.string(),
  subjectName: z.string(),
  address: z.string(),
  ecoreScore: z.number().nullable(),
  financeScore: z.number().nullable(),
  clusters: z.array(clusterSchema),
  taxonomy: z.object({ share: z.number().nullable(), conforms: z.boolean() }),
  evaluatedAt: z.string(),
  validUntil: z.string(),
  evaluatorName: z.string(),
  testerName: z.string(),
  testerOrganisation: z.string(),
  issuedAt: z.string(),
  mayDownload: z.boolean(),
});
export const verificationSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  labelName: z.string().optional(),
  ownerName: z.string().optional(),
  subjectName: z.string().optional(),
  ecoreScore: z.number().nullable().optional(),
  evaluatedAt: z.string().optional(),
  validUntil: z.string().optional(),
  chainHash: z.string().nullable().optional().describe('the owner\'s audit chain hash (SHA-256, hex) when the certificate was issued'),
});

/**
 * Certificates (issue 16, docs/certificates.md): the current certificate of an object or a group as PDF (Chromium)
 * and as data for the certificate view, and the public verification of a code. Who sees and who downloads is core's
 * (`mayViewCertificate`, `mayDownloadCertificate`); 404 for what the caller may not see.
 */
export const certificateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The server passes its renderer (closed on shutdown); without one (tests) this module starts and closes its own.
  const pdf: PdfRenderer = deps.pdf ?? createChromiumPdfRenderer({ executablePath: deps.config.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  if (!deps.pdf) app.addHook('onClose', () => pdf.close());
  const today = () => calendarDate(new Date(deps.clock()));

  /** The current certificate of an object or group and the facts of who may see it; 404 when unseen or none. */
  const certificateFor = async (actor: AssetActor, kind: SubjectKind, id: number): Promise<{ cert: Certificate; subject: CertificateSubject }> => {
    let subject: CertificateSubject | null = null;
    if (kind === 'asset') {
      const asset = await findAsset(deps.db, id);
      if (asset) {
        const visible = mayViewAsset(actor, asset);
        subject = { kind, organisationId: asset.organisationId, visible, financePartnerIds: visible || !actor.orgFinance ? [] : await financePartnersOfAsset(deps.db, id) };
      }
    } else {
      const group = await deps.db.selectFrom('asset_groups').select(['organisation_id', 'status']).where('id', '=', id).executeTakeFirst();
      if (group) {
        const visible = (await findGroup(deps.db, id, groupScope(actor), assetGrants(actor))) !== null;
        subject = { kind, organisationId: group.organisation_id, groupState: group.status, visible };
      }
    }
    if (!subject || !mayViewCertificate(actor, subject)) throw new HttpError(404, 'not-found');
    const cert = await findCurrentCertificate(deps.db, kind, id);
    if (!cert) throw new HttpError(404, 'not-found');
    return { cert, subject };
  };

  for (const [kind, base] of [
    ['asset', '/asset'],
    ['group', '/assetGroup'],
  ] as const) {
    const what = kind === 'asset' ? "an object's" : "a group's (portfolio's)";

    app.get(
      `${base}/certificate`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          security,
          summary: `The current certificate (label) of ${what} as PDF, in the request's language`,
          querystring: idQuery,
          response: { ...responses },
        },
      },
      async (request, reply) => {
        const actor = await assetActorOf(app, request.actor);
        const { cert, subject } = await certificateFor(actor, kind, request.query.id);
        if (!mayDownloadCertificate(actor, subject)) throw new HttpError(403, 'forbidden');
        const rendered = await pdf.render(await certificateHtml(cert, request.language, deps.config.publicUrl));
        if (E.isLeft(rendered)) {
          request.log.warn({ reason: rendered.left.reason }, 'certificate renderer unavailable');
          throw new HttpError(503, 'certificate-renderer-unavailable');
        }
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', contentDisposition(certificateFileName(cert), 'attachment'))
          .header('Cache-Control', 'private, no-store')
          .send(Buffer.from(rendered.right) as never);
      },
    );

    app.get(
      `${base}/certificate/data`,
      {
        onRequest: app.authenticate,
        schema: { tags, security, summary: `The current certificate of ${what} as data, for the certificate view`, querystring: idQuery, response: { 200: certificateDataSchema, ...responses } },
      },
      async (request) => {
        const actor = await assetActorOf(app, request.actor);
        const { cert, subject } = await certificateFor(actor, kind, request.query.id);
        return {
          code: formatCode(cert.code),
          verificationUrl: verificationUrl(deps.config.publicUrl, cert.code),
          status: certificateStatus(cert, today()),
          labelName: cert.labelName,
          questionnaireName: cert.questionnaireName,
          ownerName: cert.ownerName,
          subjectName: cert.subjectName,
          address: cert.address,
          ecoreScore: cert.ecoreScore,
          financeScore: cert.financeScore,
          clusters: cert.clusters,
          taxonomy: cert.taxonomy,
          evaluatedAt: cert.evaluatedAt,
          validUntil: cert.validUntil,
          evaluatorName: cert.evaluatorName,
          testerName: cert.testerName,
          testerOrganisation: cert.testerOrganisation,
          issuedAt: cert.issuedAt,
          mayDownload: mayDownloadCertificate(actor, subject),
        };
      },
    );
  }

  app.get(
    '/certificate/verify/:code',
    {
      config: { rateLimit: { max: VERIFY_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Public: the status of a verification code (valid, expired, superseded, unknown) with label, owner, subject, score and validity',
        params: z.object({ code: z.string().max(64) }),
        response: { 200: verificationSchema, ...errorResponses, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const code = normaliseCode(request.params.code);
      const cert = code === null ? null : await findCertificateByCode(deps.db, code);
      reply.header('Cache-Control', 'no-store');
      return verificationOf(cert, today());
    },
  );
};
