import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { loanImportRoutes } from './loan-import.ts';
import { loanRoutes } from './loans.ts';

/** The banks module (DOMAIN.md §11, docs/banks.md): loans, their import, the portfolio of financed emissions. */
export const bankModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(loanImportRoutes, deps);
  await app.register(loanRoutes, deps);
};
