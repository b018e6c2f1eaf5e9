import type { EvidenceFields, EvidenceLink, EvidenceType } from '@ecore/core/answering/evidence.ts';
import { api } from '../../lib/api-client.ts';
import { sendForm, type AnswerDocument } from './answering-api.ts';

/* The calls of the organisation's evidence library (docs/evidence.md). */

export type { EvidenceLink };

/** A document of the library as the calls answer it, with its links. */
export interface EvidenceEntry extends EvidenceFields, Omit<AnswerDocument, 'validFrom' | 'validUntil'> {
  expiringSoon: boolean;
  links: EvidenceLink[];
}

export interface EvidenceFilter {
  search?: string;
  type?: EvidenceType | null;
  expiringWithinDays?: number | null;
}

export const evidenceKey = (filter: EvidenceFilter) => ['evidence', filter.search ?? '', filter.type ?? '', filter.expiringWithinDays ?? ''] as const;

export const fetchEvidence = (filter: EvidenceFilter): Promise<EvidenceEntry[]> =>
  api.get<EvidenceEntry[]>('evidence', { query: { search: filter.search || undefined, type: filter.type ?? undefined, expiringWithinDays: filter.expiringWithinDays ?? undefined } });

export const uploadEvidence = (fields: EvidenceFields, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<EvidenceEntry> => {
  const body = new FormData();
  body.append('title', fields.title);
  body.append('type', fields.type);
  if (fields.validFrom) body.append('validFrom', fields.validFrom);
  if (fields.validUntil) body.append('validUntil', fields.validUntil);
  body.append('file', file, file.name);
  return sendForm<EvidenceEntry>('POST', 'evidence', body, onProgress, signal);
};

export const describeEvidence = (id: number, fields: EvidenceFields): Promise<EvidenceEntry> => api.put<EvidenceEntry>(`evidence/${id}`, fields);

export const deleteEvidence = (id: number): Promise<void> => api.delete(`evidence/${id}`);

export const linkEvidence = (answerId: number, evidenceId: number): Promise<AnswerDocument> => api.put<AnswerDocument>(`asset/answer/${answerId}/evidence/${evidenceId}`);

export const unlinkEvidence = (answerId: number, evidenceId: number): Promise<void> => api.delete(`asset/answer/${answerId}/evidence/${evidenceId}`);
