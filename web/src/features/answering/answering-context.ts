import { createContext, useContext, type ReactNode } from 'react';
import type { Actor } from '@ecore/core/identity/session.ts';
import type { Question } from '@ecore/core/questionnaires/template.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import type { SaveStatus } from './answer-saver.ts';
import type { Answer, AnswerInput, AssetRef, FilledQuestionnaire, ObjectSummary } from './answering-api.ts';
import type { QuestionnaireRoute } from './answering-paths.ts';

export type DetailTab = 'comments' | 'documents' | 'changelog';

/** What the questionnaire page shares with its tree, its panels (data, metadata, the answering tree) and the drawer. */
export interface AnsweringSession {
  filled: FilledQuestionnaire;
  route: QuestionnaireRoute;
  ref: AssetRef;
  actor: Actor;
  language: Language;
  /** The object (name, organisation, group), once loaded. */
  object: ObjectSummary | null;
  /** The user answers for the object's owner (core mayAnswer). */
  mayAct: boolean;
  /** Another user holds the questionnaire's lock. */
  lockedByOther: boolean;
  /** Nothing can be answered: the state or the user's role does not allow it, or another user holds the lock. */
  readOnly: boolean;
  lockHolder: string | null;
  answerOf: (questionId: number) => Answer | undefined;
  /** Answered of total for `cluster:<n>`, `category:<id>`, `section:<id>` (core progressByNode) or `all`. */
  nodeProgress: (node: string) => { answered: number; total: number } | undefined;
  save: (input: AnswerInput) => Promise<void>;
  statusOf: (questionId: number) => SaveStatus | undefined;
  openDetails: (questionId: number, tab: DetailTab) => void;
  /** Loads the questionnaire again (after a dialog changed it). */
  refresh: () => Promise<unknown>;
  /** Review (issue 14): what the check screen adds under each question's read-only answer (its review controls). */
  reviewSlot?: (question: Question) => ReactNode;
}

export const AnsweringContext = createContext<AnsweringSession | null>(null);

export const useAnswering = (): AnsweringSession => {
  const session = useContext(AnsweringContext);
  if (!session) throw new Error('useAnswering outside the questionnaire page');
  return session;
};
