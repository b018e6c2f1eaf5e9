import type { Language } from '../shared/language.ts';
import type { ActivationProblem } from './template-rules.ts';

/** The questionnaire-template texts of spec 02 §8 and ours in the same style; merged into MESSAGES. */
export const QUESTIONNAIRE_MESSAGES = {
  'questionnaire-create-onlyOnce': {
    de: 'Es darf nur einen Fragebogen im Entwurf geben. Bitte bearbeiten oder löschen Sie zuerst den vorhandenen Entwurf.',
    en: 'Only one draft questionnaire is allowed. Please edit or delete the existing draft first.',
  },
  'questionnaire-clone-onlyOnce': {
    de: 'Es darf nur einen Fragebogen im Entwurf geben. Der Fragebogen kann erst dupliziert werden, wenn kein Entwurf mehr besteht.',
    en: 'Only one draft questionnaire is allowed. The questionnaire can be duplicated once no draft exists.',
  },
  'questionnaire-create-error': {
    de: 'Der Fragebogen konnte nicht angelegt werden. Bitte versuchen Sie es später erneut.',
    en: 'The questionnaire could not be created. Please try again later.',
  },
  'questionnaire-edit-error': {
    de: 'Der Fragebogen konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
    en: 'The questionnaire could not be saved. Please try again later.',
  },
  'questionnaire-activate-invalid': {
    de: 'Der Fragebogen kann nicht aktiviert werden: {details}',
    en: 'The questionnaire cannot be activated: {details}',
  },
  'questionnaire-activate-error': {
    de: 'Der Fragebogen konnte nicht aktiviert werden. Bitte versuchen Sie es später erneut.',
    en: 'The questionnaire could not be activated. Please try again later.',
  },
  'questionnaire-delete-error': {
    de: 'Der Fragebogen konnte nicht gelöscht werden. Bitte versuchen Sie es später erneut.',
    en: 'The questionnaire could not be deleted. Please try again later.',
  },
  'questionnaire-delete-not-draft': {
    de: 'Nur Entwürfe können gelöscht werden.',
    en: 'Only drafts can be deleted.',
  },
  'questionnaire-not-editable': {
    de: 'Nur Fragebögen im Entwurf können bearbeitet werden.',
    en: 'Only draft questionnaires can be edited.',
  },
  'questionnaire-stale': {
    de: 'Der Fragebogen wurde inzwischen von jemand anderem geändert. Bitte laden Sie ihn neu und wiederholen Sie Ihre Änderungen.',
    en: 'Someone else has changed the questionnaire in the meantime. Please reload it and repeat your changes.',
  },
  'questionnaire-locked': {
    de: 'Der Fragebogen wird gerade von {name} bearbeitet und ist für Sie schreibgeschützt.',
    en: 'The questionnaire is currently being edited by {name} and is read-only for you.',
  },
  'questionnaire-lock-error': {
    de: 'Der Fragebogen konnte nicht gesperrt werden. Bitte versuchen Sie es später erneut.',
    en: 'The questionnaire could not be locked. Please try again later.',
  },
  'questionnaire-not-found': {
    de: 'Der Fragebogen wurde nicht gefunden.',
    en: 'The questionnaire was not found.',
  },
  'questionnaire-no-active': {
    de: 'Es gibt keinen aktiven Fragebogen.',
    en: 'There is no active questionnaire.',
  },
  'questionnaire-ids-invalid': {
    de: 'Der Fragebogen enthält Elemente, die nicht zu ihm gehören.',
    en: 'The questionnaire contains items that do not belong to it.',
  },
  'questionnaire-version-format': {
    de: 'Bitte geben Sie die Version im Format JJJJ_NN an, zum Beispiel 2025_01.',
    en: 'Please enter the version as YYYY_NN, for example 2025_01.',
  },
  'questionnaire-fetch-error': {
    de: 'Die Fragebögen konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
    en: 'The questionnaires could not be loaded. Please try again later.',
  },
  'questionnaire-export-error': {
    de: 'Der Fragebogen konnte nicht exportiert werden. Bitte versuchen Sie es später erneut.',
    en: 'The questionnaire could not be exported. Please try again later.',
  },
  'questionnaire-category-not-found': {
    de: 'Die Kategorie wurde nicht gefunden. Möglicherweise wurde der Entwurf vor dem Neuladen nicht gespeichert.',
    en: 'The category was not found. The draft may not have been saved before reloading.',
  },
  'questionnaire-section-not-found': {
    de: 'Der Abschnitt wurde nicht gefunden. Möglicherweise wurde der Entwurf vor dem Neuladen nicht gespeichert.',
    en: 'The section was not found. The draft may not have been saved before reloading.',
  },
  'questionnaire-question-not-found': {
    de: 'Die Frage wurde nicht gefunden. Möglicherweise wurde der Entwurf vor dem Neuladen nicht gespeichert.',
    en: 'The question was not found. The draft may not have been saved before reloading.',
  },
  'questionnaire-cluster-not-found': {
    de: 'Das Cluster wurde nicht gefunden. Möglicherweise wurde der Entwurf vor dem Neuladen nicht gespeichert.',
    en: 'The cluster was not found. The draft may not have been saved before reloading.',
  },
  'scoringtable-fetch-error': {
    de: 'Die Optionen der virtuellen Bewertung konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
    en: 'The virtual scoring options could not be loaded. Please try again later.',
  },
  'scoringtable-import-invalid': {
    de: 'Die CSV-Datei enthält ungültige Zeilen: {details}',
    en: 'The CSV file contains invalid rows: {details}',
  },
  'activate-problem-notDraft': { de: 'nur ein Entwurf kann aktiviert werden', en: 'only a draft can be activated' },
  'activate-problem-missingTitle': { de: 'der Titel fehlt', en: 'the title is missing' },
  'activate-problem-missingVersion': { de: 'die Version fehlt', en: 'the version is missing' },
  'activate-problem-clusterCount': { de: 'es müssen genau vier Cluster sein', en: 'there must be exactly four clusters' },
  'activate-problem-clusterWeights': {
    de: 'die Gewichte der Cluster ergeben {sum} statt 100',
    en: 'the cluster weights add up to {sum} instead of 100',
  },
  'activate-problem-noQuestions': { de: 'der Fragebogen enthält keine Fragen', en: 'the questionnaire has no questions' },
  'activate-problem-missingName': { de: 'Name in Deutsch oder Englisch fehlt ({where})', en: 'name in German or English missing ({where})' },
  'activate-problem-missingTitleTranslation': {
    de: 'Fragetitel in Deutsch oder Englisch fehlt ({where})',
    en: 'question title in German or English missing ({where})',
  },
  'activate-problem-tooFewOptions': { de: 'weniger als zwei Antwortoptionen ({where})', en: 'fewer than two options ({where})' },
  'activate-problem-virtualParent': {
    de: 'virtuelle Frage ohne Typ oder ohne Wertfrage als zugehörige Frage ({where})',
    en: 'virtual question without type or without a value question as corresponding question ({where})',
  },
  'activate-problem-virtualVariator': {
    de: 'virtuelle Frage ohne positiven Durchschnittsvariator ({where})',
    en: 'virtual question without a positive average variator ({where})',
  },
  'activate-problem-valueKpi': { de: 'Wertfrage ohne KPI-Schlüssel ({where})', en: 'value question without KPI key ({where})' },
  'activate-problem-duplicateStaticTitle': {
    de: 'der statische Titel kommt mehrfach vor ({where})',
    en: 'the static title occurs more than once ({where})',
  },
} as const satisfies Record<string, Record<Language, string>>;

type QuestionnaireMessageKey = keyof typeof QUESTIONNAIRE_MESSAGES;

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));

/** One sentence naming what stands in the way of activation, for `questionnaire-activate-invalid`. */
export const describeActivationProblems = (problems: readonly ActivationProblem[], language: Language, limit = 8): string => {
  const parts = problems.slice(0, limit).map((p) => {
    const key = `activate-problem-${p.code}` as QuestionnaireMessageKey;
    return fill(QUESTIONNAIRE_MESSAGES[key][language], p as unknown as Record<string, string | number>);
  });
  const more = problems.length > limit ? ` (+${problems.length - limit})` : '';
  return `${parts.join('; ')}${more}`;
};
