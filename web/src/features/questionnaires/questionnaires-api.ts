import type { Language } from '@ecore/core/shared/language.ts';
import type { TemplateList } from '@ecore/core/questionnaires/schemas.ts';
import type { QuestionnaireSummary, QuestionnaireTemplate, QuestionnaireType, TemplateContent } from '@ecore/core/questionnaires/template.ts';
import { api, apiPage, buildUrl, type Page } from '../../lib/api-client.ts';
import { readStored } from '../../lib/local-store.ts';
import type { ScoringImportKind, ScoringTable } from './reference-data-form.ts';

export type LoadedTemplate = QuestionnaireTemplate & { lockedStatus: { currentLockerName: string } | null };

export const fetchTemplates = (query: { list: TemplateList; page: number; pageSize: number; search?: string }, signal: AbortSignal): Promise<Page<QuestionnaireSummary>> =>
  apiPage<QuestionnaireSummary>('questionnaire', { query, signal });

export const fetchTemplate = (id: number) => api.get<LoadedTemplate>(`questionnaire/${id}`);

export const createTemplate = (body: { title: string; version: string; type: QuestionnaireType; sourceId?: number }) => api.post<LoadedTemplate>('questionnaire', body);

export const saveTemplate = (body: TemplateContent & { id: number; revision: number }) => api.put<LoadedTemplate>('questionnaire', body);

export const deleteTemplate = (id: number) => api.delete<void>(`questionnaire/${id}`);

export const activateTemplate = (id: number) => api.put<void>(`questionnaire/${id}/activate`);

export const lockTemplate = (id: number, isLocked: boolean) => api.put<{ lockedStatus: null }>(`questionnaire/${id}/lock`, undefined, { query: { isLocked } });

/** Downloads an export file through the authorised call and hands it to the browser. */
export const downloadExport = async (id: number, exportFormat: 0 | 1 | 2, language: Language): Promise<void> => {
  const token = readStored('token');
  const response = await fetch(buildUrl(`export/questionnaire/${id}`, { exportFormat, language }), {
    headers: { Authorization: `Bearer ${token ?? ''}`, 'Accept-Language': language },
  });
  if (!response.ok) throw new Error(String(response.status));
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'questionnaire';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
};

export const fetchScoringTable = (type: ScoringTable['type'], signal?: AbortSignal) =>
  api.get<ScoringTable>('scoringtable', { query: { type }, ...(signal ? { signal } : {}) });

export const importScoringTable = (body: { kind: ScoringImportKind; csv: string; dataSetName: string }) => api.put<{ imported: number }>('scoringtable', body);
