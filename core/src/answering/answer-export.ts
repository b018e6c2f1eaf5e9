import type { Language } from '../shared/language.ts';
import { KPI_KEYS, nameIn, questionTitleIn } from '../questionnaires/template.ts';
import { clusterName } from '../questionnaires/template-export.ts';
import { answerText } from './answer-rules.ts';
import type { AnswerStructure } from './applicability.ts';
import type { StoredAnswer } from './answers.ts';
import { PROVENANCE_NAMES, provenanceOf } from './provenance.ts';

/** Question types and answer states as the export names them, in both languages (issue 12: exports translate enumerations). */
const TYPE_NAMES: Record<string, Record<Language, string>> = {
  SingleChoice: { de: 'Einfachauswahl', en: 'Single choice' },
  MultipleChoice: { de: 'Mehrfachauswahl', en: 'Multiple choice' },
  ValueQuestion: { de: 'Wertfrage', en: 'Value question' },
  VirtualQuestion: { de: 'Virtuelle Frage', en: 'Virtual question' },
};
const STATE_NAMES: Record<string, Record<Language, string>> = {
  Answered: { de: 'Beantwortet', en: 'Answered' },
  ReviewAccepted: { de: 'Prüfung akzeptiert', en: 'Review accepted' },
  EvaluationAccepted: { de: 'Bewertung akzeptiert', en: 'Evaluation accepted' },
  Declined: { de: 'Abgelehnt', en: 'Declined' },
  Verification: { de: 'Nachweis angefordert', en: 'Upload documents' },
};

const COLUMNS: { key: string; header: Record<Language, string> }[] = [
  { key: 'cluster', header: { de: 'Cluster', en: 'Cluster' } },
  { key: 'category', header: { de: 'Kategorie', en: 'Category' } },
  { key: 'section', header: { de: 'Abschnitt', en: 'Section' } },
  { key: 'staticTitle', header: { de: 'Kennung', en: 'Identifier' } },
  { key: 'question', header: { de: 'Frage', en: 'Question' } },
  { key: 'type', header: { de: 'Fragetyp', en: 'Question type' } },
  { key: 'answer', header: { de: 'Antwort', en: 'Answer' } },
  { key: 'value', header: { de: 'Wert', en: 'Value' } },
  { key: 'unit', header: { de: 'Einheit', en: 'Unit' } },
  { key: 'provenance', header: { de: 'Herkunft', en: 'Provenance' } },
  { key: 'state', header: { de: 'Status', en: 'State' } },
  { key: 'comments', header: { de: 'Kommentare', en: 'Comments' } },
];

/**
 * A filled questionnaire as a table (spec 02 §2 "export questionnaire for an object"): one row per applicable
 * question in tree order with its answer as text in the language, the figure of a value question on its own
 * (a number, so that spreadsheets can compute with it), the unit of its KPI key, where the figure comes from
 * (measured, estimated, calculated), the answer's state and its
 * comments ("author: text", one per line).
 */
export const filledQuestionnaireTable = (
  structure: AnswerStructure,
  answers: readonly StoredAnswer[],
  comments: readonly { answerId: number; authorName: string; comment: string }[],
  language: Language,
) => {
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const rows: (string | number | null)[][] = [];
  structure.clusters.forEach((cluster, index) => {
    for (const category of cluster.categories) {
      for (const section of category.sections) {
        for (const question of section.questions) {
          const answer = question.id === null ? undefined : byQuestion.get(question.id);
          const answered = answer !== undefined && answer.state !== null;
          rows.push([
            clusterName(index, language),
            nameIn(category.translations, language),
            nameIn(section.translations, language),
            question.staticTitle,
            questionTitleIn(question, language),
            TYPE_NAMES[question.type]?.[language] ?? question.type,
            answered ? answerText({ ...question, kpiKey: null }, answer, language) : '',
            answered ? answer.inputAnswer : null,
            question.kpiKey ? KPI_KEYS[question.kpiKey] : '',
            answered && provenanceOf(answer) ? PROVENANCE_NAMES[provenanceOf(answer)!][language] : '',
            answered && answer.state ? (STATE_NAMES[answer.state]?.[language] ?? answer.state) : '',
            answer ? comments.filter((c) => c.answerId === answer.id).map((c) => `${c.authorName}: ${c.comment}`).join('\n') : '',
          ]);
        }
      }
    }
  });
  return { columns: COLUMNS.map((c) => ({ key: c.key, header: c.header[language] })), rows };
};
