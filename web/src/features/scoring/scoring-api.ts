import type { DataQuality } from '@ecore/core/scoring/data-quality.ts';
import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import type { Classification } from '@ecore/core/scoring/display.ts';
import type { GroupResult, ScoreResult } from '@ecore/core/scoring/score.ts';
import type { YearFigures, YearOverYear } from '@ecore/core/scoring/year-over-year.ts';
import type { CrremReport } from '@ecore/core/scoring/crrem-report.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { api, ApiError, buildUrl } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { getToken } from '../../lib/session.ts';

/*
 * The score calls of docs/scoring.md (spec 02 §7): an object's results, the what-if preview, a group's results
 * and its structure. Every number is core's `score`, unrounded: the screens round with core's formatScore.
 */

/** GET asset/{id}/questionnaire/{qid}/score and the preview: core's ScoreResult with the questionnaire's state. */
export interface ObjectScore {
  assetId: number;
  questionnaireId: number;
  assetQuestionnaireState: AssetQuestionnaireState;
  verified: boolean;
  result: ScoreResult;
  /** Where the consumption figures come from and their open flags (issue 40); absent on the what-if preview. */
  dataQuality?: DataQuality;
}

/** GET AssetGroup/{id}/score: the BGF-weighted group result and each object's score. */
export interface GroupScore {
  groupId: number;
  objects: { assetId: number; area: number; ecore: number | null; verified: boolean }[];
  result: GroupResult;
}

type Titles = Record<Language, string>;

interface StructureLevel {
  id: number | null;
  title: Titles;
  ratio: number | null;
  classification: Classification;
}

/** GET AssetGroup/{id}/structureInfo (docs/scoring.md "Stored scores and the group structure"): the area-weighted ratio of every level. */
export interface GroupStructure {
  groupId: number;
  groupName: string;
  objectCount: number;
  scoredObjectCount: number;
  questionnaire: { id: number; name: string } | null;
  objects: {
    assetId: number;
    name: string;
    area: number;
    assetQuestionnaireId: number | null;
    questionnaireId: number | null;
    assetQuestionnaireState: AssetQuestionnaireState | null;
    ecore: number | null;
    finance: number | null;
    verified: boolean;
  }[];
  clusters: (StructureLevel & { clusterIdentifier: string; categories: (StructureLevel & { sections: StructureLevel[] })[] })[];
}

/** One changed answer of the what-if: option ids, or a number. */
export interface WhatIfAnswer {
  questionId: number;
  inputAnswer: number | null;
  multipleChoiceOption: number[];
}

export const objectScoreKey = (assetId: number, qid: number) => ['scoring/object', assetId, qid] as const;
export const previewKey = (assetId: number, qid: number, changes: readonly WhatIfAnswer[]) => ['scoring/preview', assetId, qid, JSON.stringify(changes)] as const;
export const groupScoreKey = (groupId: number) => ['scoring/group', groupId] as const;
export const groupStructureKey = (groupId: number) => ['scoring/group-structure', groupId] as const;

export const fetchObjectScore = (assetId: number, qid: number): Promise<ObjectScore> => api.get<ObjectScore>(`asset/${assetId}/questionnaire/${qid}/score`);
export const latestObjectScoreKey = (assetId: number) => ['scoring/object-latest', assetId] as const;
/** The score of the object's latest filled questionnaire (with its data quality). */
export const fetchLatestObjectScore = (assetId: number): Promise<ObjectScore> => api.get<ObjectScore>(`asset/${assetId}/questionnaire/score`);

/** What-if: the score with `changes` over the stored answers; the server stores nothing. */
export const previewScore = (assetId: number, qid: number, changes: readonly WhatIfAnswer[]): Promise<ObjectScore> =>
  api.post<ObjectScore>(`asset/${assetId}/questionnaire/${qid}/score/preview`, changes);

export const fetchGroupScore = (groupId: number): Promise<GroupScore> => api.get<GroupScore>(`AssetGroup/${groupId}/score`);

export const fetchGroupStructure = (groupId: number): Promise<GroupStructure> => api.get<GroupStructure>(`AssetGroup/${groupId}/structureInfo`);

/** GET assetGroup/{id}/dataQuality (issue 40): the group's data quality by floor area, and each object's. */
export interface GroupDataQuality {
  groupId: number;
  dataQuality: DataQuality;
  objects: { assetId: number; area: number; dataQuality: DataQuality }[];
}
export const groupDataQualityKey = (groupId: number) => ['scoring/group-data-quality', groupId] as const;
export const fetchGroupDataQuality = (groupId: number): Promise<GroupDataQuality> => api.get<GroupDataQuality>(`assetGroup/${groupId}/dataQuality`);

/** GET asset/{id}/questionnaire/{qid}/yearOverYear and assetGroup/{id}/yearOverYear (issue 22): core's yearOverYear. */
export interface YearOverYearAnswer {
  current: YearFigures;
  previous: YearFigures | null;
  comparison: YearOverYear | null;
}

export const objectYearOverYearKey = (assetId: number, qid: number) => ['scoring/yearOverYear/object', assetId, qid] as const;
export const fetchObjectYearOverYear = (assetId: number, qid: number): Promise<YearOverYearAnswer> =>
  api.get<YearOverYearAnswer>(`asset/${assetId}/questionnaire/${qid}/yearOverYear`);

export const groupYearOverYearKey = (groupId: number) => ['scoring/yearOverYear/group', groupId] as const;
export const fetchGroupYearOverYear = (groupId: number): Promise<YearOverYearAnswer> => api.get<YearOverYearAnswer>(`assetGroup/${groupId}/yearOverYear`);

/** GET asset/{id}/questionnaire/{qid}/crrem and assetGroup/{id}/crrem (docs/crrem.md): core's CrremReport. */
export interface ObjectCrrem {
  assetId: number;
  questionnaireId: number;
  reportingYear: number;
  report: CrremReport;
}
export interface GroupCrrem {
  groupId: number;
  report: CrremReport;
}

/** The report's path of an object's filled questionnaire or of a group. */
export type CrremSubject = { kind: 'object'; assetId: number; qid: number } | { kind: 'group'; groupId: number };
const crremPath = (subject: CrremSubject) => (subject.kind === 'object' ? `asset/${subject.assetId}/questionnaire/${subject.qid}/crrem` : `assetGroup/${subject.groupId}/crrem`);

export const crremKey = (subject: CrremSubject) => ['scoring/crrem', crremPath(subject)] as const;
export const fetchCrrem = (subject: CrremSubject): Promise<ObjectCrrem | GroupCrrem> => api.get<ObjectCrrem | GroupCrrem>(crremPath(subject));

/** The report as an Excel file in the UI's language, saved under the server's file name. */
export const downloadCrrem = async (subject: CrremSubject): Promise<void> => {
  const token = getToken();
  const response = await fetch(buildUrl(crremPath(subject), { format: 'xlsx' }), { headers: { 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  if (!response.ok) throw new ApiError(response.status, 'crrem-fetch-error', '');
  saveBlob(await response.blob(), /filename="([^"]+)"/i.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'CRREM.xlsx');
};
