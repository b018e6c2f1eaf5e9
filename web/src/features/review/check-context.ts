import { createContext, useContext } from 'react';
import type { ReviewCounts } from '@ecore/core/review/answer-review.ts';
import type { QuestionnaireFacts } from '@ecore/core/review/transitions.ts';
import type { Answer } from '../answering/answering-api.ts';
import type { ReviewedQuestionnaire } from './review-api.ts';

/** The check screen's base: /job-management/check/{assetId}/{isBuyerAsset} (spec 02 §2). */
export const checkBase = (assetId: number, isBuyerAsset: boolean): string => `/job-management/check/${assetId}/${String(isBuyerAsset)}`;
export const checkDataPath = (assetId: number, isBuyerAsset: boolean): string => `${checkBase(assetId, isBuyerAsset)}/data`;

/** What the check screen shares with its data panel and the review controls under each question. */
export interface CheckSession {
  filled: ReviewedQuestionnaire;
  /** Core's facts of the questionnaire: the decision and state-change buttons ask core with them. */
  facts: QuestionnaireFacts;
  /** The caller is the owner's internal tester: the screen is its internal check (no decisions, no state changes). */
  internal: boolean;
  /** The caller reads the owner's internal marks beside the answers (core mayReadInternalMarks). */
  readsInternalMarks: boolean;
  /** Core reviewCounts over the current answers. */
  counts: ReviewCounts;
  numberOfReviewedAnswers: number;
  objectName: string;
  groupName: string | null;
  testerName: string | null;
  /** Puts an answer the server returned after a decision in place. */
  applyAnswer: (answer: Answer) => void;
  refresh: () => Promise<unknown>;
}

export const CheckContext = createContext<CheckSession | null>(null);

export const useCheck = (): CheckSession => {
  const session = useContext(CheckContext);
  if (!session) throw new Error('useCheck outside the check screen');
  return session;
};
