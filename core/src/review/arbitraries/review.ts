import type { AssetActor, AssetFacts } from '../../assets/asset-access.ts';
import type { AnswerStructure } from '../../answering/applicability.ts';
import type { AssetQuestionnaireState } from '../../answering/answers.ts';
import { Role } from '../../identity/roles.ts';
import { blankOption, blankQuestion } from '../../questionnaires/editing.ts';
import type { Question } from '../../questionnaires/template.ts';
import type { ReviewAnswer } from '../answer-review.ts';
import type { QuestionnaireFacts } from '../transitions.ts';

/** The people of the review tables: who acts on object 10 of organisation 1, assigned to tester 7. */
export const PEOPLE = {
  collector: { userId: 1, roles: [Role.ObjectDataCollector], orgId: 1 },
  objectAdministrator: { userId: 2, roles: [Role.ObjectAdministrator], orgId: 1 },
  prospectiveBuyer: { userId: 3, roles: [Role.ProspectiveBuyer], orgId: 1 },
  analyst: { userId: 4, roles: [Role.ObjectAnalyst], orgId: 1 },
  accountAdministrator: { userId: 5, roles: [Role.AccountAdministrator], orgId: 99 },
  assignedTester: { userId: 7, roles: [Role.ExternalAccreditedTester], orgId: 50 },
  otherTester: { userId: 8, roles: [Role.ExternalAccreditedTester], orgId: 50 },
  evaluator: { userId: 9, roles: [Role.Evaluator], orgId: 99 },
  strangerCollector: { userId: 11, roles: [Role.ObjectDataCollector], orgId: 2 },
} as const;
export type Person = keyof typeof PEOPLE;
export const PERSON_NAMES = Object.keys(PEOPLE) as Person[];

export const actorOf = (who: Person): AssetActor => ({
  userId: PEOPLE[who].userId,
  roles: [...PEOPLE[who].roles],
  orgId: PEOPLE[who].orgId,
  orgBuyer: false,
  orgFinance: false,
  accessGroups: [],
  accessAssets: [],
});

export const ASSET: AssetFacts = { id: 10, organisationId: 1, assetGroupId: 5, isBuyerAsset: false, testerUserId: 7, grantedOrganisationIds: [] };

const choice = (id: number, relevantForReview: boolean, cluster = 'c'): Question => ({
  ...blankQuestion(id, `${cluster}-q${id}`, 'en', id),
  relevantForReview,
  options: [
    { ...blankOption(id * 10 + 1, 1), text: 'yes' },
    { ...blankOption(id * 10 + 2, 2), text: 'no' },
  ],
});

/**
 * A structure of one cluster: questions 1..eligible are relevant for review, the next `others` are not, and
 * one virtual question (never answered by hand) closes it.
 */
export const reviewStructure = (eligible: number, others = 1): AnswerStructure => {
  const questions: Question[] = [
    ...Array.from({ length: eligible }, (_, i) => choice(i + 1, true)),
    ...Array.from({ length: others }, (_, i) => choice(eligible + i + 1, false)),
    { ...blankQuestion(900, 'virtual', 'en', 900), type: 'VirtualQuestion', virtualQuestionType: 'DW', parentQuestionId: 1 },
  ];
  return {
    clusters: [
      {
        id: 1,
        clusterIdentifier: 'I',
        weight: 100,
        financeWeight: 100,
        isTaxonomyCluster: false,
        categories: [{ id: 11, order: 1, translations: [], sections: [{ id: 101, order: 1, weight: 1, financeWeight: 1, translations: [], questions }] }],
      },
    ],
  };
};

/** An answer "yes" to every question answered by hand, in state Answered, unchecked. */
export const answerAll = (structure: AnswerStructure): ReviewAnswer[] =>
  structure.clusters
    .flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)))
    .filter((q) => q.type !== 'VirtualQuestion')
    .map((q) => ({ questionId: q.id!, inputAnswer: null, multipleChoiceOption: [q.options[0]!.id!], state: 'Answered', reviewStatus: 'Unchecked', documentCount: 0 }));

/** Facts of object 10 with the given answers; by default three eligible questions and one other, all answered. */
export const factsFor = (who: Person, changes: Partial<QuestionnaireFacts> = {}): QuestionnaireFacts => {
  const structure = changes.structure ?? reviewStructure(3);
  return {
    actor: actorOf(who),
    asset: ASSET,
    state: 'Active',
    structure,
    answers: answerAll(structure),
    declineCount: 0,
    numberOfReviewedAnswers: 16,
    ...changes,
  };
};

/** Sets the marks of some answers (by question id). */
export const marked = (answers: readonly ReviewAnswer[], marks: Record<number, Partial<ReviewAnswer>>): ReviewAnswer[] =>
  answers.map((a) => (marks[a.questionId] ? { ...a, ...marks[a.questionId] } : a));

export const ACCEPTED = { state: 'ReviewAccepted', reviewStatus: 'Approved' } as const;
export const REJECTED = { state: 'Declined', reviewStatus: 'Rejected' } as const;
export const EVIDENCE = { state: 'Verification', reviewStatus: 'Unchecked' } as const;
export const EVALUATED = { state: 'EvaluationAccepted', reviewStatus: 'Approved' } as const;

/**
 * Written out, not computed (DOMAIN.md §3): who may ask for each change of `PUT asset/state`, and from which
 * states. The tables and the model test predict codes 1 and 2 from it.
 */
export const CHANGE_RULES: Record<'Review' | 'Evaluation' | 'Declined' | 'Verification' | 'Closed', { people: Person[]; from: AssetQuestionnaireState[] }> = {
  Review: { people: ['collector', 'objectAdministrator', 'prospectiveBuyer'], from: ['Active', 'Declined', 'Verification'] },
  Evaluation: { people: ['assignedTester'], from: ['Review'] },
  Declined: { people: ['assignedTester', 'evaluator'], from: ['Review', 'Evaluation'] },
  Verification: { people: ['assignedTester'], from: ['Review'] },
  Closed: { people: ['evaluator'], from: ['Evaluation'] },
};

/** Code 1 or 2 where the person or the state stands in the way, else null (then the answers decide). */
export const personOrStateCode = (target: AssetQuestionnaireState, who: Person, state: AssetQuestionnaireState): 1 | 2 | null => {
  if (!(target in CHANGE_RULES)) return 2;
  const rule = CHANGE_RULES[target as keyof typeof CHANGE_RULES];
  if (!rule.people.includes(who)) return 1;
  if (!rule.from.includes(state)) return 2;
  // A decline is the tester's in Review and the evaluator's in Evaluation.
  if (target === 'Declined' && (state === 'Review' ? who !== 'assignedTester' : who !== 'evaluator')) return 1;
  return null;
};
