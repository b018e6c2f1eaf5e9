import type { Cluster, Question, QuestionOption } from '@ecore/core/questionnaires/template.ts';
import type { Answer, FilledQuestionnaire } from './answering-api.ts';

/*
 * A small filled questionnaire for the component tests: cluster I with one section holding a single-choice,
 * a multiple-choice (with an exclusive option), a value and a virtual question; clusters II–IV empty.
 */

const option = (id: number, de: string, en: string, order: number, isExclusive = false): QuestionOption => ({
  id,
  text: de,
  score: order,
  order,
  isExclusive,
  translations: [
    { language: 'de', text: de },
    { language: 'en', text: en },
  ],
});

export const question = (fields: Partial<Question> & Pick<Question, 'id' | 'staticTitle' | 'type'>, de: string, en: string): Question => ({
  translations: [
    { language: 'de', title: de, description: '', clarification: '' },
    { language: 'en', title: en, description: '', clarification: '' },
  ],
  assetTypes: [],
  clusterType: 'Governance',
  taxonomyRelevant: false,
  relevantForReview: true,
  isGreenHouseGas: false,
  scoreType: 'Ecore',
  options: [],
  virtualQuestionType: null,
  averageVariator: null,
  parentQuestionId: null,
  basicQuestion: false,
  averageValue: null,
  virtualMaxScore: null,
  ambitionLevel: 'A1',
  kpiKey: null,
  order: 1,
  ...fields,
});

export const strategyQuestion = question(
  { id: 101, staticTitle: 'G-1.1', type: 'SingleChoice', order: 1, options: [option(1, 'Ja', 'Yes', 1), option(2, 'Teilweise', 'Partly', 2), option(3, 'Nein', 'No', 3)] },
  'Gibt es eine ESG-Strategie?',
  'Is there an ESG strategy?',
);

export const certificatesQuestion = question(
  {
    id: 102,
    staticTitle: 'G-1.2',
    type: 'MultipleChoice',
    order: 2,
    options: [option(11, 'DGNB', 'DGNB', 1), option(12, 'LEED', 'LEED', 2), option(13, 'Keines', 'None', 3, true)],
  },
  'Welche Zertifikate hat das Objekt?',
  'Which certificates does the object hold?',
);

export const energyQuestion = question(
  { id: 103, staticTitle: 'V-2.1', type: 'ValueQuestion', order: 3, kpiKey: 'finalEnergyTotal' },
  'Endenergieverbrauch gesamt',
  'Total final energy consumption',
);

export const deviationQuestion = question(
  { id: 104, staticTitle: 'V-2.2', type: 'VirtualQuestion', order: 4, virtualQuestionType: 'DK', parentQuestionId: 103, virtualMaxScore: 5 },
  'Abweichung vom Pfad',
  'Deviation from the path',
);

const cluster = (identifier: string, categories: Cluster['categories'] = []): Cluster => ({
  id: null,
  clusterIdentifier: identifier,
  weight: 25,
  financeWeight: 25,
  isTaxonomyCluster: identifier === 'IV',
  categories,
});

export const clusters: Cluster[] = [
  cluster('I', [
    {
      id: 21,
      order: 1,
      translations: [
        { language: 'de', name: 'Strategie' },
        { language: 'en', name: 'Strategy' },
      ],
      sections: [
        {
          id: 31,
          order: 1,
          weight: 10,
          financeWeight: 10,
          translations: [
            { language: 'de', name: 'ESG-Strategie' },
            { language: 'en', name: 'ESG strategy' },
          ],
          questions: [strategyQuestion, certificatesQuestion, energyQuestion, deviationQuestion],
        },
      ],
    },
  ]),
  cluster('II'),
  cluster('III'),
  cluster('IV'),
];

export const answer = (questionId: number, value: Partial<Pick<Answer, 'inputAnswer' | 'multipleChoiceOption'>>, id = questionId + 1000): Answer => ({
  id,
  assetId: 7,
  questionId,
  inputAnswer: value.inputAnswer ?? null,
  multipleChoiceOption: value.multipleChoiceOption ?? [],
  isBuyerAsset: false,
  state: 'Answered',
  reviewStatus: 'Unchecked',
  modifiedBy: 'Carl Collector',
  modifiedAt: '2026-11-24T09:00:00Z',
  comments: [],
  documents: [],
});

export const filledQuestionnaire = (fields: Partial<FilledQuestionnaire> = {}): FilledQuestionnaire => ({
  id: 5,
  assetId: 7,
  isBuyerAsset: false,
  assetName: 'Bürohaus Mainzer Landstraße',
  assetGroupId: 3,
  assetGroupName: 'Portfolio Rhein-Main',
  questionnaireId: 2,
  title: 'ECORE Fragebogen 2025',
  version: '2025_01',
  type: 'Ecore',
  assetQuestionnaireState: 'Active',
  createdAt: '2026-11-20T08:00:00Z',
  closedAt: null,
  reportingYear: 2025,
  canEdit: true,
  canBeSubmitted: false,
  canBeReviewed: false,
  canBeUpdatedToActiveQuestionnaire: false,
  canSetGroupDefaultAnswers: false,
  canDelete: true,
  groupDefaults: null,
  lockedStatus: { isLocked: false, currentLockerName: null },
  progress: { answered: 0, total: 3, reviewed: 0, evaluated: 0, reviewRelevant: 3, reviewRelevantAnswered: 0 },
  clusters,
  answers: [],
  ...fields,
});
