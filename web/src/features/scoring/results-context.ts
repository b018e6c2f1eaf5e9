import { createContext, useContext } from 'react';
import type { Language } from '@ecore/core/shared/language.ts';
import type { FilledQuestionnaire } from '../answering/answering-api.ts';
import type { AssetGroup } from '../assets/assets-api.ts';
import type { GroupScore, ObjectScore } from './scoring-api.ts';

/** What an object's results page shares with its tabs: the score, the questionnaire's structure (titles) and where it is. */
export interface ObjectResults {
  assetId: number;
  isBuyerAsset: boolean;
  qid: number;
  language: Language;
  score: ObjectScore;
  /** The filled questionnaire (titles, options, answers), once loaded; the numbers come from `score`. */
  filled: FilledQuestionnaire | null;
}

export const ObjectResultsContext = createContext<ObjectResults | null>(null);

export const useObjectResults = (): ObjectResults => {
  const results = useContext(ObjectResultsContext);
  if (!results) throw new Error('useObjectResults outside an object results page');
  return results;
};

/** What a group's results page shares with its tabs. */
export interface GroupResults {
  groupId: number;
  language: Language;
  score: GroupScore;
  /** The group (its name, its objects' names and latest questionnaires), once loaded. */
  group: AssetGroup | null;
}

export const GroupResultsContext = createContext<GroupResults | null>(null);

export const useGroupResults = (): GroupResults => {
  const results = useContext(GroupResultsContext);
  if (!results) throw new Error('useGroupResults outside a group results page');
  return results;
};
