import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isIsoDate } from '@ecore/core/banks/epc.ts';
import { DATA_QUALITY_SCORES, EMISSION_BASES, portfolioTotals } from '@ecore/core/banks/financed-emissions.ts';
import { loanMatches, pageOf, portfolioDate, reportingDates } from '@ecore/core/banks/loan-list.ts';
import { loanProblems, MAX_LOAN_ID_LENGTH, type StoredLoan } from '@ecore/core/banks/loan-tape.ts';
import { portfolioSheets } from '@ecore/core/banks/portfolio-workbook.ts';
import { ALIGNMENTS, TAXONOMY_RULES } from '@ecore/core/banks/taxonomy.ts';
import { LANGUAGES } from '@ecore/core/shared/language.ts';
import { pageQuerySchema } from '@ecore/core/identity/user-schema.ts';
import { idParam, idValue, isStorableText, numberChoiceParam } from '@ecore/core/shared/schemas.ts';
import { bankObjects, deleteLoan, findLoan, storeLoans } from '@ecore/adapters/db/banks/loans-repository.ts';
import { findDataSet } from '@ecore/adapters/db/questionnaires/reference-data-repository.ts';
import { writeWorkbook } from '@ecore/adapters/exports/table-file.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { sendDownload } from '../exports/download.ts';
import { createTemplateCache } from '../questionnaires/template-cache.ts';
import { createReferenceDataCache } from '../scoring/stored-score.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { bankOf, portfolioLoans, type PortfolioSources } from './bank-context.ts';

const tags = ['banks'];
const security = [{ bearerAuth: [] }];
const refusals = { ...errorResponses, 403: errorSchema };

export const isoDateParam = z.string().refine(isIsoDate, { error: 'bank-loan-date' });
const loanIdParams = z.object({ loan: z.string().min(1, { error: 'validation-required' }).max(MAX_LOAN_ID_LENGTH, { error: 'validation-max-length' }).refine(isStorableText, { error: 'validation-generic' }).describe("the bank's own loan id (loanId)") });

const sliceSchema = z.object({ financedEmissions: z.number(), outstandingAmount: z.number(), loans: z.number() });

export const portfolioLoanSchema = z.object({
  loanId: z.string(),
  assetId: z.number(),
  objectName: z.string(),
  externalId: z.string().nullable(),
  assetGroupId: z.number(),
  groupName: z.string(),
  outstandingAmount: z.number(),
  propertyValueAtOrigination: z.number(),
  originationDate: z.string(),
  reportingDate: z.string(),
  attribution: z.number().describe('min(1, outstanding amount / property value at origination)'),
  objectEmissions: z.number().nullable().describe("the object's emissions, t CO2e a year; null where unknown"),
  financedEmissions: z.number().nullable().describe('attribution × object emissions, t CO2e a year'),
  dataQualityScore: z.number().describe('PCAF data quality score 2–5, lower is better'),
  basis: z.enum(EMISSION_BASES).describe('what the emissions rest on: consumption, the certificate, the reference average, nothing'),
  taxonomy: z.object({ result: z.enum(ALIGNMENTS), rule: z.enum(TAXONOMY_RULES), threshold: z.number().nullable() }).describe('EU taxonomy 7.7 on the certificate with the rule that decided it'),
  labelValid: z.boolean().describe('the object holds an ECORE label valid on the reporting date'),
  labelValidUntil: z.string().nullable(),
  ecoreScore: z.number().nullable(),
  financeScore: z.number().nullable(),
  questionnaireState: z.string().nullable(),
});

export const totalsSchema = z.object({
  loans: z.number(),
  outstandingAmount: z.number(),
  financedEmissions: z.number(),
  loansWithoutEmissions: z.number(),
  dataQualityScore: z.number().nullable().describe('mean weighted by outstanding amount'),
  alignmentShares: z.object({ aligned: z.number(), notAligned: z.number(), unknown: z.number() }).describe('weighted by outstanding amount, 0–1'),
  validLabelShare: z.number().describe('share of loans on objects with a valid ECORE label, 0–1'),
  byDataQuality: z.record(z.string(), sliceSchema),
  byAlignment: z.record(z.string(), sliceSchema),
});

const loanBody = z.object({
  assetId: idValue,
  outstandingAmount: z.number({ error: 'bank-loan-amount-positive' }),
  propertyValueAtOrigination: z.number({ error: 'bank-loan-amount-positive' }),
  originationDate: z.string({ error: 'bank-loan-date' }).max(10, { error: 'bank-loan-date' }),
  reportingDate: z.string({ error: 'bank-loan-date' }).max(10, { error: 'bank-loan-date' }),
});

/** The portfolio sources of one plugin instance: templates and reference data kept between requests. */
export const portfolioSources = (app: Parameters<typeof createReferenceDataCache>[0], deps: AppDeps): PortfolioSources => ({
  deps,
  templates: createTemplateCache(deps.db),
  references: createReferenceDataCache(app, deps.db),
});

/** A bank's loans and its portfolio (DOMAIN.md §11, docs/banks.md): the list, an edit, a removal, the figures and totals. */
export const loanRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  const sources = portfolioSources(app, deps);

  app.get(
    '/bank/loans',
    {
      schema: {
        tags,
        security,
        summary: "The bank's loans with their figures (paged, by loan id; filters: the object's group, the taxonomy 7.7 result, the data quality score, the reporting date)",
        querystring: pageQuerySchema.omit({ search: true }).extend({
          assetGroupId: idParam.optional(),
          alignment: z.enum(ALIGNMENTS).optional(),
          dataQualityScore: numberChoiceParam(DATA_QUALITY_SCORES, { key: 'validation-generic' }).optional(),
          reportingDate: isoDateParam.optional(),
        }),
        response: { 200: z.object({ items: z.array(portfolioLoanSchema), total: z.number(), page: z.number(), pageSize: z.number() }), ...refusals },
      },
    },
    async (request) => {
      const scope = bankOf(request);
      const q = request.query;
      const matching = (await portfolioLoans(sources, scope)).filter((l) => loanMatches(q, l));
      return { items: pageOf(matching, q.page, q.pageSize), total: matching.length, page: q.page, pageSize: q.pageSize };
    },
  );

  app.get(
    '/bank/portfolio',
    {
      schema: {
        tags,
        security,
        summary: "The bank's portfolio on a reporting date (default: the newest of its loans): each loan's figures and the totals",
        querystring: z.object({ reportingDate: isoDateParam.optional() }),
        response: {
          200: z.object({ reportingDate: z.string().nullable(), reportingDates: z.array(z.string()), loans: z.array(portfolioLoanSchema), totals: totalsSchema }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const scope = bankOf(request);
      const all = await portfolioLoans(sources, scope);
      const date = portfolioDate(all, request.query.reportingDate);
      const loans = all.filter((l) => l.reportingDate === date);
      return { reportingDate: date, reportingDates: reportingDates(all), loans, totals: portfolioTotals(loans) };
    },
  );

  app.get(
    '/bank/portfolio/export',
    {
      schema: {
        tags,
        security,
        summary: 'The portfolio on a reporting date as Excel: a sheet of the loans, one of the totals, one naming the method and the reference data used',
        querystring: z.object({ reportingDate: isoDateParam.optional(), language: z.enum(LANGUAGES).optional() }),
        response: refusals,
      },
    },
    async (request, reply) => {
      const scope = bankOf(request);
      const language = request.query.language ?? request.language;
      const all = await portfolioLoans(sources, scope);
      const date = portfolioDate(all, request.query.reportingDate);
      const loans = all.filter((l) => l.reportingDate === date);
      const dataSet = await findDataSet(deps.db, 'referenceValues');
      const file = await writeWorkbook(portfolioSheets(loans, portfolioTotals(loans), { reportingDate: date, referenceData: dataSet?.name ?? '–', language }));
      return sendDownload(reply, file, `${language === 'de' ? 'Finanzierte-Emissionen' : 'Financed-emissions'}-${date ?? ''}`.replace(/-$/, ''), new Date(deps.clock()));
    },
  );

  app.put(
    '/bank/loans/:loan',
    {
      schema: {
        tags,
        security,
        summary: "Changes one of the bank's loans (its object must be one the bank may see)",
        params: loanIdParams,
        body: loanBody,
        response: { 200: z.object({ loanId: z.string() }), ...refusals },
      },
    },
    async (request) => {
      const scope = bankOf(request);
      const loanId = request.params.loan;
      if (!(await findLoan(deps.db, scope.financePartnerId, loanId))) throw new HttpError(404, 'bank-loan-not-found');
      const loan: StoredLoan = { ...request.body, loanId };
      const problems: ConstructorParameters<typeof FieldsError>[0] = loanProblems(loan).map((p) => ({ path: p.path, key: p.key }));
      const visible = await bankObjects(deps.db, scope, { ids: [loan.assetId] });
      if (!visible.some((o) => o.id === loan.assetId)) problems.push({ path: 'assetId', key: 'bank-loan-object-not-found', params: { value: loan.assetId } });
      if (problems.length > 0) throw new FieldsError(problems);
      await storeLoans(deps.db, scope.financePartnerId, [loan], new Date(deps.clock()));
      return { loanId };
    },
  );

  app.delete(
    '/bank/loans/:loan',
    { schema: { tags, security, summary: "Removes one of the bank's loans", params: loanIdParams, response: { 204: z.null(), ...refusals } } },
    async (request, reply) => {
      const scope = bankOf(request);
      if (!(await deleteLoan(deps.db, scope.financePartnerId, request.params.loan))) throw new HttpError(404, 'bank-loan-not-found');
      return reply.status(204).send(null);
    },
  );
};
