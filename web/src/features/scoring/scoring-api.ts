import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import type { Classification } from '@ecore/core/scoring/display.ts';
import type { GroupResult, ScoreResult } from '@ecore/core/scoring/score.ts';
import type { YearFigures, YearOverYear } from '@ecore/core/scoring/year-over-year.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { api } from '../../lib/api-client.ts';

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

/** What-if: the score with `changes` over the stored answers; the server stores nothing. */
export const previewScore = (assetId: number, qid: number, changes: readonly WhatIfAnswer[]): Promise<ObjectScore> =>
  api.post<ObjectScore>(`asset/${assetId}/questionnaire/${qid}/score/preview`, changes);

export const fetchGroupScore = (groupId: number): Promise<GroupScore> => api.get<GroupScore>(`AssetGroup/${groupId}/score`);

export const fetchGroupStructure = (groupId: number): Promise<GroupStructure> => api.get<GroupStructure>(`AssetGroup/${groupId}/structureInfo`);

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
