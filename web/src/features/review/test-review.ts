import type { AnswerState, ReviewStatus } from '@ecore/core/answering/answers.ts';
import { Role } from '@ecore/core/identity/roles.ts';
import type { Cluster, Question } from '@ecore/core/questionnaires/template.ts';
import type { Session } from '../../lib/session.ts';
import type { Answer } from '../answering/answering-api.ts';
import { answer, filledQuestionnaire, question } from '../answering/test-questionnaire.ts';
import type { ReviewedQuestionnaire } from './review-api.ts';

/*
 * A questionnaire under review for the component tests: one section of `n` value questions, all answered and
 * relevant for review, so that the count runs against the 16 of spec 02 §9.
 */

export const valueQuestion = (i: number): Question =>
  question({ id: 200 + i, staticTitle: `V-${i}`, type: 'ValueQuestion', order: i }, `Kennzahl ${i}`, `Figure ${i}`);

export const reviewClusters = (n: number): Cluster[] => [
  {
    id: null,
    clusterIdentifier: 'I',
    weight: 25,
    financeWeight: 25,
    isTaxonomyCluster: false,
    categories: [
      {
        id: 21,
        order: 1,
        translations: [
          { language: 'de', name: 'Kennzahlen' },
          { language: 'en', name: 'Figures' },
        ],
        sections: [
          {
            id: 31,
            order: 1,
            weight: 10,
            financeWeight: 10,
            translations: [
              { language: 'de', name: 'Verbrauch' },
              { language: 'en', name: 'Consumption' },
            ],
            questions: Array.from({ length: n }, (_, i) => valueQuestion(i + 1)),
          },
        ],
      },
    ],
  },
  ...(['II', 'III', 'IV'] as const).map((identifier) => ({ id: null, clusterIdentifier: identifier, weight: 25, financeWeight: 25, isTaxonomyCluster: identifier === 'IV', categories: [] })),
];

/** The answer to value question `i`, with review marks. */
export const reviewedAnswer = (i: number, state: AnswerState | null = 'Answered', reviewStatus: ReviewStatus = 'Unchecked', extra: Partial<Answer> = {}): Answer => ({
  ...answer(200 + i, { inputAnswer: i * 10 }),
  state,
  reviewStatus,
  ...extra,
});

/** `n` answered questions in Review; `marks` sets the state of the first answers. */
export const questionnaireInReview = (n: number, marks: (AnswerState | null)[] = [], fields: Partial<ReviewedQuestionnaire> = {}): ReviewedQuestionnaire =>
  filledQuestionnaire({
    assetQuestionnaireState: 'Review',
    canEdit: false,
    canDelete: false,
    clusters: reviewClusters(n),
    answers: Array.from({ length: n }, (_, i) => {
      const state = marks[i] ?? 'Answered';
      const status: ReviewStatus = state === 'ReviewAccepted' || state === 'EvaluationAccepted' ? 'Approved' : state === 'Declined' ? 'Rejected' : 'Unchecked';
      return reviewedAnswer(i + 1, state, status);
    }),
    ...fields,
  });

export const sessionOf = (userId: number, userName: string, roles: Role[]): Session => ({
  token: 'token',
  claims: { sub: String(userId), userName, role: roles.map(String).join(','), external: false, exp: 4_102_444_800 } as unknown as Session['claims'],
  actor: { userId, userName, roles, external: false, orgId: 1, orgTest: false, orgFinance: false, orgBuyer: false },
});

export const TESTER = sessionOf(9, 'tester', [Role.ExternalAccreditedTester]);
export const EVALUATOR = sessionOf(11, 'evaluator', [Role.Evaluator]);
export const ADMIN = sessionOf(1, 'admin', [Role.AccountAdministrator]);
export const INTERNAL_TESTER = sessionOf(12, 'internaltester', [Role.InternalTester]);
