import type { Provenance } from '@ecore/core/answering/provenance.ts';
import type { AnswerState, AssetQuestionnaireState, ReviewStatus } from '@ecore/core/answering/answers.ts';
import type { Cluster } from '@ecore/core/questionnaires/template.ts';
import type { FigureWarning } from '@ecore/core/scoring/figures.ts';
import type { YearFactors } from '@ecore/core/scoring/stranding.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { isMessageKey, message } from '@ecore/core/shared/messages.ts';
import { api, ApiError, buildUrl } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { getToken } from '../../lib/session.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/*
 * The object-questionnaire calls of docs/answering.md (spec 02 §7). Every `qid` below is the route's
 * questionnaireId, the id the API names the filled questionnaire by.
 */

export interface AnswerComment {
  id: number;
  comment: string;
  authorName: string;
  createdAt: string;
}

export interface AnswerDocument {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
  uploadedBy: string;
  uploadedAt: string;
  /** The library document's validity (docs/evidence.md). */
  validFrom?: string | null;
  validUntil?: string | null;
}

/** An answer as the API gives it (docs/answering.md "Answer"). */
export interface Answer {
  id: number;
  assetId: number;
  questionId: number;
  inputAnswer: number | null;
  multipleChoiceOption: number[];
  isBuyerAsset: boolean;
  state: AnswerState | null;
  reviewStatus: ReviewStatus;
  /** Review (issue 14): the tester once asked for documents for this answer (docs/review.md). */
  evidenceRequested?: boolean;
  /** The reason a rejection stands with (DOMAIN.md §1), shown beside the answer; null where none stands. */
  rejectionReason?: string | null;
  /** Where a figure comes from (issue 40); null for choices and empty figures. */
  provenance?: Provenance | null;
  modifiedBy: string | null;
  modifiedAt: string | null;
  comments: AnswerComment[];
  documents: AnswerDocument[];
}

export interface QuestionnaireProgress {
  answered: number;
  total: number;
  reviewed: number;
  evaluated: number;
  reviewRelevant: number;
  reviewRelevantAnswered: number;
}

export interface GroupDefaults {
  groupName: string;
  questionnaireTitle: string;
  savedAt: string | null;
}

/** A filled questionnaire: a template answered for one object (docs/answering.md "FilledQuestionnaire"). */
export interface FilledQuestionnaire {
  id: number;
  assetId: number;
  isBuyerAsset: boolean;
  assetName?: string;
  assetGroupId?: number;
  assetGroupName?: string;
  questionnaireId: number;
  title: string;
  version: string;
  type: string;
  assetQuestionnaireState: AssetQuestionnaireState;
  createdAt: string;
  closedAt: string | null;
  reportingYear: number | null;
  canEdit: boolean;
  canBeSubmitted: boolean;
  canBeReviewed: boolean;
  canBeUpdatedToActiveQuestionnaire: boolean;
  canSetGroupDefaultAnswers: boolean;
  /** Core mayDeleteQuestionnaire for the caller (the server adds it beside the contract's flags). */
  canDelete?: boolean;
  groupDefaults: GroupDefaults | null;
  /** Next year's questionnaire (issue 22): the one it followed and last year's figure of each value question. */
  lastYear?: { assetQuestionnaireId: number; reportingYear: number; values: { questionId: number; inputAnswer: number; provenance?: Provenance | null }[] } | null;
  /** updateType=annual is open to the caller (latest questionnaire Closed or Expired, administrator or buyer). */
  canStartNextYear?: boolean;
  /** PUT …/reportingYear is open to the caller (object administrator or buyer of the owner, questionnaire Active or Declined). */
  canChangeReportingYear?: boolean;
  /** The years the reporting year may take today (2015 up to the year before). */
  reportingYearRange?: { from: number; to: number };
  /** The emission factors of the object's country in the reporting year, with which carbon is read from the carriers. */
  emissionFactors?: YearFactors;
  /** Totals beside carriers that disagree with them by more than 2 % as the server read them (DOMAIN.md §5). */
  figureWarnings?: FigureWarning[];
  lockedStatus: { isLocked: boolean; currentLockerName: string | null; lastActivity?: string | null } | null;
  progress: QuestionnaireProgress;
  /** The structure with only the questions that apply to the object. */
  clusters: Cluster[];
  answers: Answer[];
}

/** A row of GET asset/{id}/questionnaire/simplified, newest first. */
export interface QuestionnaireRun {
  id: number;
  questionnaireId: number;
  title: string;
  version: string;
  assetQuestionnaireState: AssetQuestionnaireState;
  createdAt: string;
  progress: QuestionnaireProgress;
}

export interface ChangeLogEntry {
  id: number;
  questionId: number;
  kind: string;
  userName: string;
  at: string;
  oldValue: string | null;
  newValue: string | null;
  /** "defaults", a reporting year, or the import's "Import: <file>" (core importedFrom). */
  note?: string;
}

export interface LockStatus {
  isLocked: boolean;
  currentLockerName: string | null;
  /** The holder's last refresh of the lock (ISO); null where nobody holds it. */
  lastActivity: string | null;
}

/** Who holds a questionnaire another user meets locked, and when the holder was last active (ISO, if known). */
export interface LockHolder {
  name: string;
  lastActivity: string | null;
}

/** What a save sends for one question: option ids, or a number; neither clears the answer. */
export interface AnswerInput {
  questionId: number;
  inputAnswer: number | null;
  multipleChoiceOption: number[];
  /** Where a figure comes from; absent: the answer keeps its own (measured for a new figure). */
  provenance?: Provenance | null;
}

export interface AssetRef {
  assetId: number;
  isBuyerAsset: boolean;
}

// ---- SWR keys

export const runsKey = (assetId: number, isBuyerAsset: boolean) => ['answering/runs', assetId, isBuyerAsset] as const;
export const filledKey = (ref: AssetRef, qid: number) => ['answering/filled', ref.assetId, qid, ref.isBuyerAsset] as const;
export const changeLogKey = (ref: AssetRef, qid: number, questionId: number) => ['answering/changelog', ref.assetId, qid, questionId] as const;

// ---- questionnaires of an object

/** The object's name and group for the page heading and the dialogs (GET asset/{id}). */
export interface ObjectSummary {
  id: number;
  objectName: string;
  organisationId: number;
  assetGroupId: number;
  assetGroupName?: string;
  canEdit: boolean;
  isBuyerAsset: boolean;
  /** The object's latest filled questionnaire. */
  questionnaireId?: number | null;
}

export const objectKey = (ref: AssetRef) => ['answering/object', ref.assetId, ref.isBuyerAsset] as const;

export const fetchObjectSummary = (ref: AssetRef): Promise<ObjectSummary> =>
  api.get<ObjectSummary>(`asset/${ref.assetId}`, { query: { isBuyerAsset: ref.isBuyerAsset } });

export const fetchRuns = (assetId: number, isBuyerAsset: boolean): Promise<QuestionnaireRun[]> =>
  api.get<QuestionnaireRun[]>(`asset/${assetId}/questionnaire/simplified`, { query: { isBuyerAsset } });

export const fetchFilled = (ref: AssetRef, qid: number): Promise<FilledQuestionnaire> =>
  api.get<FilledQuestionnaire>(`asset/${ref.assetId}/questionnaire/${qid}`, { query: { isBuyerAsset: ref.isBuyerAsset } });

export const startQuestionnaire = (ref: AssetRef): Promise<FilledQuestionnaire> =>
  api.post<FilledQuestionnaire>(`asset/${ref.assetId}/questionnaire`, undefined, { query: { isBuyerAsset: ref.isBuyerAsset } });

export const deleteQuestionnaire = (ref: AssetRef, qid: number): Promise<void> =>
  api.delete(`asset/${ref.assetId}/questionnaire/${qid}`, { query: { isBuyerAsset: ref.isBuyerAsset } });

export const updateToActive = (ref: AssetRef): Promise<FilledQuestionnaire> =>
  api.put<FilledQuestionnaire>(`asset/${ref.assetId}/questionnaire`, undefined, { query: { isBuyerAsset: ref.isBuyerAsset } });

export const updateGroupToActive = (groupId: number): Promise<void> => api.put(`assetGroup/${groupId}/questionnaire`);

/** Starts next year's questionnaire from the closed or expired one (issue 22). */
/** Changes the reporting year on the data tab (DOMAIN.md §5); answers the questionnaire with its score stored again. */
export const changeReportingYear = (ref: AssetRef, qid: number, reportingYear: number): Promise<FilledQuestionnaire> =>
  api.put<FilledQuestionnaire>(`asset/${ref.assetId}/questionnaire/${qid}/reportingYear`, { reportingYear });

export const startNextYear = (ref: AssetRef): Promise<FilledQuestionnaire> =>
  api.put<FilledQuestionnaire>(`asset/${ref.assetId}/questionnaire`, undefined, { query: { updateType: 'annual', isBuyerAsset: ref.isBuyerAsset } });

/** Starts next year for every object of a group (issue 22). */
export const startGroupNextYear = (groupId: number): Promise<void> => api.put(`assetGroup/${groupId}/questionnaire`, undefined, { query: { updateType: 'annual' } });

export const lockQuestionnaire = (ref: AssetRef, qid: number, isLocked: boolean): Promise<LockStatus> =>
  api.put<LockStatus>(`asset/${ref.assetId}/questionnaire/${qid}/lock`, undefined, { query: { isLocked, isBuyerAsset: ref.isBuyerAsset } });

/**
 * Gives the lock back when the page goes away (tab closed, reload): a request that outlives the page.
 * Leaving within the portal gives it back through lockQuestionnaire.
 */
export const releaseLockOnExit = (ref: AssetRef, qid: number): void => {
  const token = getToken();
  if (!token) return;
  void fetch(buildUrl(`asset/${ref.assetId}/questionnaire/${qid}/lock`, { isLocked: false, isBuyerAsset: ref.isBuyerAsset }), {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
};

// ---- answers

export const saveAnswers = (ref: AssetRef, answers: AnswerInput[]): Promise<{ answers: Answer[]; progress: QuestionnaireProgress }> =>
  api.put('asset/answer', answers.map((a) => ({ ...a, assetId: ref.assetId, isBuyerAsset: ref.isBuyerAsset })));

export const saveComment = (ref: AssetRef, questionId: number, comment: string): Promise<AnswerComment> =>
  api.put<AnswerComment>('asset/answerComment', { assetId: ref.assetId, isBuyerAsset: ref.isBuyerAsset, questionId, comment });

export const fetchChangeLog = (ref: AssetRef, qid: number, questionId: number): Promise<ChangeLogEntry[]> =>
  api.get<ChangeLogEntry[]>(`asset/${ref.assetId}/questionnaire/${qid}/changelog`, { query: { questionId, isBuyerAsset: ref.isBuyerAsset } });

// ---- cluster I defaults

export const saveGroupDefaults = (qid: number): Promise<void> => api.put(`asset/questionnaire/${qid}/defaults/save`);

export const fillFromGroupDefaults = (ref: AssetRef, qid: number): Promise<FilledQuestionnaire> =>
  api.put<FilledQuestionnaire>(`asset/${ref.assetId}/questionnaire/${qid}/defaults/fill`, undefined, { query: { isBuyerAsset: ref.isBuyerAsset } });

// ---- state

export const submitForReview = (ref: AssetRef): Promise<void> =>
  api.put('asset/state', undefined, { query: { assetId: ref.assetId, state: 'Review', isBuyerAsset: ref.isBuyerAsset } });

// ---- files

/** The API path of a document, as the preview route carries it. */
export const documentPath = (documentId: number): string => `/api/asset/answer/document/${documentId}`;

export const deleteDocument = (documentId: number): Promise<void> => api.delete(`asset/answer/document/${documentId}`);

/** The error of a failed file call, read like the JSON calls read theirs. */
const errorOf = (status: number, body: string, language: Language): ApiError => {
  const parsed = parseErrorBody(body);
  const key = typeof parsed.key === 'string' ? parsed.key : status === 413 ? 'payload-too-large' : 'request-error';
  const text = typeof parsed.message === 'string' && parsed.message !== '' ? parsed.message : message(isMessageKey(key) ? key : 'request-error', language);
  return new ApiError(status, key, text);
};

const parseErrorBody = (body: string): { key?: unknown; message?: unknown } => {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as { key?: unknown; message?: unknown }) : {};
  } catch {
    return {};
  }
};

/**
 * A file under /api with the bearer token (downloads, previews, exports). Only paths of this portal's API:
 * the token never goes anywhere else.
 */
export const fetchFile = async (apiPath: string, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string | null }> => {
  if (!isApiPath(apiPath)) throw new ApiError(400, 'request-error', message('request-error', currentLanguage()));
  const language = currentLanguage();
  const token = getToken();
  const response = await fetch(apiPath, {
    headers: { 'Accept-Language': language, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw errorOf(response.status, await response.text().catch(() => ''), language);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName: star ? decodeURIComponent(star) : (plain ?? null) };
};

/** A path of this portal's API: `/api/…`, no other host, no way out of it. */
export const isApiPath = (path: string): boolean => /^\/api\/[\w\-/.%?=&]*$/.test(path) && !path.includes('..') && !path.startsWith('//');

/** Hands a file to the browser as a download. */
export const saveFile = (blob: Blob, fileName: string): void => saveBlob(blob, fileName);

export const downloadDocument = async (document: AnswerDocument): Promise<void> => {
  const { blob, fileName } = await fetchFile(documentPath(document.id));
  saveFile(blob, fileName ?? document.fileName);
};

/** Export of a filled questionnaire: CSV (1) or Excel (2) in the chosen language (spec 02 §7). */
export const downloadQuestionnaireExport = async (ref: AssetRef, qid: number, exportFormat: 1 | 2, language: Language): Promise<void> => {
  const path = buildUrl(`export/questionnaire/${ref.assetId}/${qid}`, { exportFormat, language, isBuyerAsset: ref.isBuyerAsset });
  const { blob, fileName } = await fetchFile(path);
  saveFile(blob, fileName ?? `questionnaire.${exportFormat === 1 ? 'csv' : 'xlsx'}`);
};

/**
 * Uploads evidence for an answer (multipart field `file`) with XMLHttpRequest, whose upload events tell the
 * progress, which fetch does not. `onProgress` gets 0 to 1.
 */
export const uploadDocument = (answerId: number, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<AnswerDocument> => {
  const body = new FormData();
  body.append('file', file, file.name);
  return sendForm<AnswerDocument>('PUT', `asset/answer/${answerId}/document`, body, onProgress, signal);
};

/** Sends a multipart form with XMLHttpRequest, telling the upload's progress (0 to 1); answers the call's JSON. */
export const sendForm = <T>(method: 'PUT' | 'POST', path: string, body: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<T> =>
  new Promise((resolve, reject) => {
    const language = currentLanguage();
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path));
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', language);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(xhr.status, 'request-error', message('request-error', language)));
        }
      } else reject(errorOf(xhr.status, xhr.responseText, language));
    };
    xhr.onerror = () => reject(new ApiError(0, 'request-error', message('request-error', language)));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });

// ---- plausibility checks (issue 40, docs/answering.md "Plausibility checks")

/** A flag of a consumption figure as the API gives it. */
export interface OutlierFlag {
  questionId: number;
  kpi: 'energy' | 'carbon' | 'water' | 'waste' | 'area';
  type: 'intensity' | 'lfl' | 'total' | 'area';
  value: number;
  reference: number;
  deviation: number | null;
  accepted: boolean;
  explanation: string | null;
  acceptedBy: string | null;
  acceptedAt: string | null;
  peers: { country: string; assetClasses: string[] } | null;
}

export const fetchOutliers = (ref: AssetRef, qid: number): Promise<OutlierFlag[]> => api.get<OutlierFlag[]>(`asset/${ref.assetId}/questionnaire/${qid}/outliers`);

export const explainOutlier = (ref: AssetRef, qid: number, flag: Pick<OutlierFlag, 'questionId' | 'type'>, explanation: string): Promise<OutlierFlag> =>
  api.put<OutlierFlag>(`asset/${ref.assetId}/questionnaire/${qid}/outliers/${flag.questionId}`, { type: flag.type, explanation });
