import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { certificateRoutes } from './certificates.ts';

/** Certificates (issue 16): PDF, data for the certificate view, public verification. Issuing is `issue.ts`, called by review. */
export const certificatesModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(certificateRoutes, deps);
};
