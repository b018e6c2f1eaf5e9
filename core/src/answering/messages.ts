import type { Language } from '../shared/language.ts';

/**
 * The texts of answering (spec 02 §5, §8, DOMAIN.md §3) and ours in the same style; merged into MESSAGES.
 * `questionnaire-locked` is not repeated here: the template editor's text ("… is currently being edited by
 * {name} and is read-only for you") says the same of a filled questionnaire, and one key has one text.
 */
export const ANSWERING_MESSAGES = {
  // Submitting and the other state changes (DOMAIN.md §3); 5–10 are the review's (issue 14).
  'questionnaire-change-0': {
    de: 'Der Status des Fragebogens konnte nicht geändert werden. Bitte versuchen Sie es später erneut.',
    en: 'The state of the questionnaire could not be changed. Please try again later.',
  },
  'questionnaire-change-1': {
    de: 'Sie dürfen den Status dieses Fragebogens nicht ändern.',
    en: 'You may not change the state of this questionnaire.',
  },
  'questionnaire-change-2': {
    de: 'Der Fragebogen ist nicht in einem Status, aus dem diese Änderung möglich ist.',
    en: 'The questionnaire is not in a state that allows this change.',
  },
  'questionnaire-change-3': {
    de: 'Sie haben nicht alle Fragen beantwortet.',
    en: 'You did not answer every question.',
  },
  'questionnaire-change-4': {
    de: 'Eine Antwort muss nachgewiesen werden, hat aber kein Dokument.',
    en: "Some answer needs to be verified but doesn't have any document.",
  },
  'questionnaire-change-5': {
    de: 'Es müssen genau 16 Antworten geprüft sein (gibt es weniger prüfbare Antworten, alle).',
    en: 'Exactly 16 answers must be reviewed (all eligible answers where there are fewer).',
  },
  'questionnaire-change-6': {
    de: 'Jede geprüfte Antwort muss akzeptiert sein.',
    en: 'Every reviewed answer must be accepted.',
  },
  'questionnaire-change-7': {
    de: 'Mindestens eine Antwort muss abgelehnt sein.',
    en: 'At least one answer must be rejected.',
  },
  'questionnaire-change-8': {
    de: 'Mindestens eine Antwort muss auf „Dokumente hochladen“ gesetzt sein.',
    en: 'At least one answer must be set to "upload documents".',
  },
  'questionnaire-change-9': {
    de: 'Jede Antwort, für die ein Nachweis verlangt wurde, muss akzeptiert sein.',
    en: 'Every answer for which evidence was demanded must be accepted.',
  },
  'questionnaire-change-10': {
    de: 'Jede abgelehnte Antwort muss vor dem erneuten Einreichen geändert werden.',
    en: 'Every rejected answer must be changed before resubmitting.',
  },
  'questionnaire-change-11': {
    de: 'Eine Antwort muss nachgewiesen werden, aber ihr Nachweis ist am Stichtag des Fragebogens abgelaufen: {documents}.',
    en: "Some answer needs to be verified but its evidence has expired on the questionnaire's reporting date: {documents}.",
  },

  // Starting, deleting, updating a filled questionnaire.
  'questionnaire-start-error': {
    de: 'Der Fragebogen konnte nicht gestartet werden. Möglicherweise hat das Objekt bereits einen nicht abgeschlossenen Fragebogen.',
    en: 'The questionnaire could not be started. The object may already have an unfinished questionnaire.',
  },
  'questionnaire-start-no-template': {
    de: 'Für dieses Objekt gibt es keinen aktiven Fragebogen.',
    en: 'There is no active questionnaire for this object.',
  },
  // The reporting year on the data tab (DOMAIN.md §5).
  'questionnaire-reporting-year-range': {
    de: 'Das Berichtsjahr muss zwischen {from} und {to} liegen.',
    en: 'The reporting year must lie between {from} and {to}.',
  },
  'questionnaire-reporting-year-not-editable': {
    de: 'Das Berichtsjahr kann nur geändert werden, solange der Fragebogen bearbeitet wird.',
    en: 'The reporting year can only be changed while the questionnaire is being edited.',
  },
  'questionnaire-delete-not-active': {
    de: 'Nur ein aktiver Fragebogen ohne geprüfte Antworten kann gelöscht werden.',
    en: 'Only an active questionnaire without reviewed answers can be deleted.',
  },
  'questionnaire-update-to-active-invalid': {
    de: 'Alle aktiven Objekte der Gruppe müssen dieselbe nicht aktive Fragebogenversion haben.',
    en: 'All active objects of the group must share the same non-active questionnaire version.',
  },
  'questionnaire-update-to-active-error': {
    de: 'Der Fragebogen konnte nicht auf die aktive Version aktualisiert werden. Bitte versuchen Sie es später erneut.',
    en: 'The questionnaire could not be updated to the active version. Please try again later.',
  },
  'questionnaire-update-to-active-not-active': {
    de: 'Nur ein aktiver Fragebogen kann auf die aktive Version aktualisiert werden.',
    en: 'Only an active questionnaire can be updated to the active version.',
  },
  'questionnaire-update-to-active-current': {
    de: 'Der Fragebogen ist bereits auf der aktiven Version.',
    en: 'The questionnaire is already on the active version.',
  },
  'questionnaire-update-to-active-role': {
    de: 'Die Fragebogenversion kann nur der Objektadministrator aktualisieren. Bitte wenden Sie sich an Ihren Objektadministrator.',
    en: 'Only the object administrator can update the questionnaire version. Please ask your object administrator.',
  },

  // The yearly cycle (issue 22): next year's questionnaire starts from a closed or expired one.
  'questionnaire-annual-invalid': {
    de: 'Das neue Jahr kann erst beginnen, wenn der letzte Fragebogen abgeschlossen (akzeptiert) oder abgelaufen ist.',
    en: 'The next year can only start once the latest questionnaire is closed (accepted) or expired.',
  },
  'questionnaire-annual-role': {
    de: 'Das neue Jahr kann nur der Objektadministrator beginnen. Bitte wenden Sie sich an Ihren Objektadministrator.',
    en: 'Only the object administrator can start the next year. Please ask your object administrator.',
  },

  // Cluster I defaults of a group (spec 02 §4).
  'save-answers-for-group-error': {
    de: 'Die Antworten aus Cluster I konnten nicht für die Gruppe gespeichert werden. Bitte versuchen Sie es später erneut.',
    en: 'The cluster I answers could not be saved for the group. Please try again later.',
  },
  'take-answers-from-group-error': {
    de: 'Die Antworten aus Cluster I der Gruppe konnten nicht übernommen werden. Bitte versuchen Sie es später erneut.',
    en: 'The cluster I answers of the group could not be taken over. Please try again later.',
  },

  // Saving answers (spec 02 §4, §5, §8).
  'answer-not-answerable': {
    de: 'Diese Antwort kann im aktuellen Status des Fragebogens nicht geändert werden.',
    en: 'This answer cannot be changed in the current state of the questionnaire.',
  },
  'answer-question-unknown': {
    de: 'Die Frage gehört nicht zu diesem Fragebogen.',
    en: 'The question does not belong to this questionnaire.',
  },
  'answer-virtual': {
    de: 'Dieser Wert wird berechnet und kann nicht eingegeben werden.',
    en: 'This value is computed and cannot be entered.',
  },
  'answer-kind-mismatch': {
    de: 'Die Antwort passt nicht zur Frage: Eine Wertfrage nimmt eine Zahl, eine Auswahlfrage ihre Antwortoptionen.',
    en: 'The answer does not fit the question: a value question takes a number, a choice question its options.',
  },
  'answer-option-unknown': {
    de: 'Die gewählte Antwortoption gehört nicht zu dieser Frage.',
    en: 'The chosen option does not belong to this question.',
  },
  'answer-single-choice-one': {
    de: 'Bitte wählen Sie genau eine Antwort.',
    en: 'Please choose exactly one answer.',
  },
  'answer-exclusive-alone': {
    de: 'Diese Antwortoption kann nicht mit anderen kombiniert werden.',
    en: 'This option cannot be combined with other options.',
  },
  'answer-value-not-number': {
    de: 'Bitte geben Sie eine Zahl ein.',
    en: 'Please enter a number.',
  },
  'answer-value-negative': {
    de: 'Der Wert darf nicht negativ sein.',
    en: 'The value must not be negative.',
  },
  'answer-value-too-large': {
    de: 'Der Wert ist größer als erwartet (höchstens {max}). Bitte prüfen Sie ihn und geben Sie ihn erneut ein. Ist er richtig, wenden Sie sich bitte an den Support.',
    en: 'The value is larger than expected (at most {max}). Please check it and enter it again. If it is correct, please contact support.',
  },
  'answer-provenance-unknown': {
    de: 'Bitte wählen Sie die Herkunft des Werts: gemessen, geschätzt oder berechnet.',
    en: 'Please choose where the figure comes from: measured, estimated or calculated.',
  },

  // The evidence library (docs/evidence.md).
  'evidence-title-too-long': { de: 'Der Titel darf höchstens 200 Zeichen lang sein.', en: 'The title may be at most 200 characters long.' },
  'evidence-date': { de: 'Bitte geben Sie ein gültiges Datum ein (JJJJ-MM-TT).', en: 'Please enter a valid date (YYYY-MM-DD).' },
  'evidence-type': { de: 'Bitte wählen Sie eine Art des Dokuments.', en: 'Please choose a type of document.' },
  'evidence-valid-until-before-from': { de: '„Gültig bis“ darf nicht vor „Gültig ab“ liegen.', en: '"Valid until" must not be before "valid from".' },
  'evidence-in-label': {
    de: 'Das Dokument ist mit einem eingereichten oder abgeschlossenen Fragebogen verknüpft und Teil eines Labels; es kann nicht gelöscht werden.',
    en: 'The document is linked to a submitted or closed questionnaire and is part of a label; it cannot be deleted.',
  },
  'evidence-not-linked': { de: 'Das Dokument ist mit dieser Antwort nicht verknüpft.', en: 'The document is not linked to this answer.' },

  // Documents (spec 02 §5, §8, §9).
  'document-invalid': {
    de: 'Entweder ist die Datei zu groß oder das Format ist falsch',
    en: 'Either the file size is too big or the format is wrong',
  },
  'document-upload-error': {
    de: 'Das Dokument konnte nicht hochgeladen werden. Bitte versuchen Sie es später erneut.',
    en: 'The document could not be uploaded. Please try again later.',
  },
  'document-delete-error': {
    de: 'Das Dokument konnte nicht gelöscht werden. Bitte versuchen Sie es später erneut.',
    en: 'The document could not be deleted. Please try again later.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type AnsweringMessageKey = keyof typeof ANSWERING_MESSAGES;
