import type { FastifyRequest } from 'fastify';
import { bankScope } from '@ecore/core/banks/bank-access.ts';
import type { PortfolioLoan } from '@ecore/core/banks/loan-list.ts';
import { loanOnObject } from '@ecore/core/banks/portfolio.ts';
import { questionnaireCarbon } from '@ecore/core/banks/object-carbon.ts';
import type { FinancePartnerScope } from '@ecore/core/exports/finance-partner-scope.ts';
import { bankLoans, bankObjectRecords, bankObjects } from '@ecore/adapters/db/banks/loans-repository.ts';
import { figuresWithProvenanceOf } from '@ecore/adapters/db/scoring/scoring-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import type { createTemplateCache } from '../questionnaires/template-cache.ts';
import type { createReferenceDataCache } from '../scoring/stored-score.ts';

/** The bank acting (a finance partner's account manager or object administrator), or 403 for everyone else. */
export const bankOf = (request: FastifyRequest): FinancePartnerScope => {
  const scope = bankScope(request.actor);
  if (!scope) throw new HttpError(403, 'bank-finance-partner-only');
  return scope;
};

export interface PortfolioSources {
  deps: AppDeps;
  templates: ReturnType<typeof createTemplateCache>;
  references: ReturnType<typeof createReferenceDataCache>;
}

/**
 * Every loan of the bank on an object it may still see, with core's figures (DOMAIN.md §11): the object's facts, the
 * carbon of its latest closed (else latest) questionnaire with the provenance of its figures, its label, the
 * reference data. A fixed number of statements plus one template read per template used.
 */
export async function portfolioLoans({ deps, templates, references }: PortfolioSources, scope: FinancePartnerScope): Promise<PortfolioLoan[]> {
  const loans = await bankLoans(deps.db, scope.financePartnerId);
  if (loans.length === 0) return [];
  const visible = new Map((await bankObjects(deps.db, scope, { ids: loans.map((l) => l.assetId) })).map((o) => [o.id, o]));
  const records = await bankObjectRecords(deps.db, [...visible.keys()]);
  const questionnaires = [...records.values()].flatMap((r) => (r.questionnaire ? [r.questionnaire] : []));
  const figures = await figuresWithProvenanceOf(deps.db, questionnaires.map((q) => q.id));
  const data = await references();
  const templateOf = new Map<number, Awaited<ReturnType<typeof templates.get>>>();
  for (const id of new Set(questionnaires.map((q) => q.templateId))) templateOf.set(id, await templates.get(id));
  const carbonOf = new Map(
    [...records.values()].map((r) => {
      const q = r.questionnaire;
      const template = q ? templateOf.get(q.templateId) : null;
      return [r.id, q && template ? questionnaireCarbon(template, r, q.reportingYear, figures.get(q.id) ?? [], data) : null] as const;
    }),
  );
  return loans.flatMap((loan): PortfolioLoan[] => {
    const object = visible.get(loan.assetId);
    const record = records.get(loan.assetId);
    if (!object || !record) return [];
    const figuresOfLoan = loanOnObject(loan, { ...record, consumption: carbonOf.get(record.id) ?? null }, data);
    return [
      {
        ...figuresOfLoan,
        propertyValueAtOrigination: loan.propertyValueAtOrigination,
        originationDate: loan.originationDate,
        reportingDate: loan.reportingDate,
        assetId: object.id,
        objectName: object.objectName,
        externalId: object.externalId,
        assetGroupId: object.assetGroupId,
        groupName: object.groupName,
        ecoreScore: record.questionnaire?.ecoreScore ?? null,
        financeScore: record.questionnaire?.financeScore ?? null,
        questionnaireState: record.questionnaire?.state ?? null,
        labelValidUntil: record.labelValidUntil,
      },
    ];
  });
}
