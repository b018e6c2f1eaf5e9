import type { Language } from '../shared/language.ts';

/**
 * The texts of review, evaluation and verification (spec 02 §2 dialogs, §5 the group checkbox, §8 errors,
 * DOMAIN.md §3, §4) and ours in the same style; merged into MESSAGES. The questionnaire codes
 * (`questionnaire-change-0..10`) are answering's and not repeated here.
 */
export const REVIEW_MESSAGES = {
  // Group state changes (DOMAIN.md §4, spec 02 §8).
  'objectGroups-change-0': {
    de: 'Der Status der Objektgruppe konnte nicht geändert werden. Bitte versuchen Sie es später erneut.',
    en: 'The state of the object group could not be changed. Please try again later.',
  },
  'objectGroups-change-1': {
    de: 'Sie haben keinen Zugriff auf diese Objektgruppe.',
    en: 'You have no access to this object group.',
  },
  'objectGroups-change-2': {
    de: 'Mindestens ein Objekt hat den falschen Status: Jedes Objekt braucht einen aktiven, vollständig beantworteten Fragebogen, der nicht einzeln eingereicht wurde.',
    en: 'At least one object has the wrong status: every object needs an active, fully answered questionnaire that was not submitted on its own.',
  },
  'objectGroups-change-3': {
    de: 'Bitte bestätigen Sie, dass die Objektgruppe vollständig ist.',
    en: 'Please confirm that the object group is complete.',
  },
  'objectGroups-change-4': {
    de: 'Die Objektgruppe enthält keine Objekte.',
    en: 'The object group contains no objects.',
  },
  'objectGroups-change-5': {
    de: 'Bei mindestens einem Objekt fehlt die Bruttogrundfläche (BGF).',
    en: 'The gross floor area (BGF) is missing for at least one object.',
  },
  'objectGroups-change-6': {
    de: 'Die Antworten in Cluster I sind nicht in allen Objekten gleich.',
    en: 'The cluster I answers are not the same in all objects.',
  },
  'objectGroups-change-7': {
    de: 'Die Objektgruppe ist nicht in einem Status, der dies erlaubt.',
    en: 'The object group is not in a state that allows this.',
  },
  'objectGroups-adjust-limit': {
    de: 'Dieser Stichprobenbogen wurde bereits zweimal angepasst; eine weitere Anpassung ist nicht möglich.',
    en: 'This sampled sheet has already been adjusted twice; it cannot be adjusted again.',
  },
  // The completeness box of the group submission (spec 02 §5, the reference date of §9).
  'objectGroups-submit-completeness': {
    de: 'Hiermit bestätige ich, dass alle Objekte, die zum Stichtag 31.12.2021 Teil der Gruppe waren, mit einem vollständig ausgefüllten Fragebogen erfasst sind; falsche oder fehlende Objekte führen zum Verlust des Labels.',
    en: 'I confirm that all objects that were part of the group on the reference date 31.12.2021 are recorded with a completed questionnaire; wrong or missing objects lead to loss of the label.',
  },

  // Job management: testers and the state-change dialogs (spec 02 §2, §8).
  'tasks-assignTester-error': {
    de: 'Der Prüfer konnte nicht zugewiesen werden. Bitte versuchen Sie es später erneut.',
    en: 'The tester could not be assigned. Please try again later.',
  },
  'tasks-tester-fetch-error': {
    de: 'Die Prüfer konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
    en: 'The testers could not be loaded. Please try again later.',
  },
  'tasks-toEvaluation-error': {
    de: 'Der Fragebogen konnte nicht zur Begutachtung eingereicht werden. Bitte versuchen Sie es später erneut.',
    en: 'The questionnaire could not be submitted for evaluation. Please try again later.',
  },
  'tasks-toClosed-error': {
    de: 'Der Fragebogen konnte nicht abgeschlossen werden. Bitte versuchen Sie es später erneut.',
    en: 'The questionnaire could not be closed. Please try again later.',
  },
  'tasks-toDeclined-error': {
    de: 'Der Fragebogen konnte nicht abgelehnt werden. Bitte versuchen Sie es später erneut.',
    en: 'The questionnaire could not be declined. Please try again later.',
  },
  'tasks-toVerification-error': {
    de: 'Die Nachweise konnten nicht angefordert werden. Bitte versuchen Sie es später erneut.',
    en: 'The documents could not be requested. Please try again later.',
  },
  'submit-for-evaluation-group-modal-error': {
    de: 'Die Objektgruppe konnte nicht eingereicht werden. Bitte versuchen Sie es später erneut.',
    en: 'The object group could not be submitted. Please try again later.',
  },
  'evaluate-group-modal-error': {
    de: 'Die Entscheidung über die Objektgruppe konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
    en: 'The decision on the object group could not be saved. Please try again later.',
  },
  'change-state-evaluation': {
    de: 'Möchten Sie den Fragebogen zur Begutachtung einreichen? Die geprüften Antworten gehen an den Gutachter.',
    en: 'Do you want to submit the questionnaire for evaluation? The reviewed answers go to the evaluator.',
  },
  'change-state-closed': {
    de: 'Möchten Sie den Fragebogen abschließen? Das Objekt gilt dann als akzeptiert und sein Label kann heruntergeladen werden.',
    en: 'Do you want to close the questionnaire? The object is then accepted and its label can be downloaded.',
  },
  'change-state-declined': {
    de: 'Möchten Sie den Fragebogen ablehnen? Jede abgelehnte Antwort muss vor dem erneuten Einreichen geändert werden; die dritte Ablehnung ist endgültig.',
    en: 'Do you want to decline the questionnaire? Every rejected answer must be changed before resubmitting; the third decline is final.',
  },
  'change-state-verification': {
    de: 'Möchten Sie Nachweise anfordern? Der Kunde lädt für die markierten Antworten Dokumente hoch und reicht den Fragebogen erneut ein.',
    en: 'Do you want to request documents? The customer uploads documents for the marked answers and resubmits the questionnaire.',
  },

  // Decisions per answer on the check screen.
  'answer-review-error': {
    de: 'Die Prüfentscheidung konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
    en: 'The review decision could not be saved. Please try again later.',
  },
  'answer-review-not-allowed': {
    de: 'Sie dürfen diese Antwort nicht prüfen.',
    en: 'You may not review this answer.',
  },
  'answer-review-state': {
    de: 'Im aktuellen Status des Fragebogens kann diese Antwort nicht geprüft werden.',
    en: 'This answer cannot be reviewed in the current state of the questionnaire.',
  },
  'answer-review-not-sampled': {
    de: 'Dieses Objekt ist nicht in der Stichprobe der Gruppe und wird nicht geprüft.',
    en: 'This object is not in the group\'s sample and is not reviewed.',
  },
  'answer-review-not-eligible': {
    de: 'Diese Antwort wird nicht geprüft: Nur beantwortete, prüfrelevante Antworten werden geprüft.',
    en: 'This answer is not reviewed: only answered questions relevant for review are.',
  },
  'answer-review-limit': {
    de: 'Die erforderliche Zahl an Antworten ist bereits geprüft. Nehmen Sie zuerst eine Entscheidung zurück.',
    en: 'The required number of answers has already been reviewed. Take a decision back first.',
  },

  // The audit log's reasons (audit.ts).
  'audit-reason-submitted': { de: 'Zur Prüfung eingereicht', en: 'Submitted for review' },
  'audit-reason-resubmitted-after-decline': { de: 'Nach Ablehnung erneut eingereicht', en: 'Resubmitted after a decline' },
  'audit-reason-resubmitted-with-documents': { de: 'Mit Nachweisen erneut eingereicht', en: 'Resubmitted with documents' },
  'audit-reason-sent-to-evaluation': { de: 'Zur Begutachtung eingereicht', en: 'Submitted for evaluation' },
  'audit-reason-declined': { de: 'Abgelehnt', en: 'Declined' },
  'audit-reason-definitely-declined': { de: 'Endgültig abgelehnt (dritte Ablehnung)', en: 'Definitely declined (third decline)' },
  'audit-reason-evidence-requested': { de: 'Nachweise angefordert', en: 'Documents requested' },
  'audit-reason-closed': { de: 'Abgeschlossen (akzeptiert)', en: 'Closed (accepted)' },
  'audit-reason-expired': { de: 'Gültigkeit abgelaufen', en: 'Validity expired' },
  'audit-reason-group-submitted': { de: 'Gruppe zur Prüfung eingereicht, Stichprobe gezogen', en: 'Group submitted for review, sample drawn' },
  'audit-reason-group-review-passed': { de: 'Prüfung der Stichprobe bestanden', en: 'Review of the sample passed' },
  'audit-reason-group-review-failed': { de: 'Prüfung der Stichprobe nicht bestanden', en: 'Review of the sample failed' },
  'audit-reason-group-accepted': { de: 'Gruppe vom Gutachter akzeptiert', en: 'Group accepted by the evaluator' },
  'audit-reason-group-declined': { de: 'Gruppe vom Gutachter abgelehnt', en: 'Group declined by the evaluator' },
  // Reasons of rejections and declines (DOMAIN.md §1).
  'review-reason-required': {
    de: 'Bitte geben Sie eine Begründung an.',
    en: 'Please give a reason.',
  },
  'review-reason-too-short': {
    de: 'Die Begründung muss mindestens 10 Zeichen lang sein.',
    en: 'The reason must be at least 10 characters long.',
  },
  'review-reason-too-long': {
    de: 'Die Begründung darf höchstens 2000 Zeichen lang sein.',
    en: 'The reason may be at most 2000 characters long.',
  },
  // The owner's internal check (DOMAIN.md §1, internal-check.ts).
  'internal-check-error': {
    de: 'Die interne Prüfung konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
    en: 'The internal check could not be saved. Please try again later.',
  },
  'internal-check-not-allowed': {
    de: 'Nur ein interner Prüfer der Organisation des Objekts kann Antworten intern prüfen.',
    en: 'Only an internal tester of the object’s organisation can check answers internally.',
  },
  'internal-check-state': {
    de: 'Intern geprüft wird ein Fragebogen von der Einreichung bis zum Abschluss.',
    en: 'A questionnaire is checked internally from its submission until it is closed.',
  },
  'internal-check-not-answered': {
    de: 'Diese Frage ist nicht beantwortet; intern geprüft werden nur Antworten.',
    en: 'This question is not answered; only answers are checked internally.',
  },
  'internal-check-note-too-long': {
    de: 'Die Notiz darf höchstens 2000 Zeichen lang sein.',
    en: 'The note may be at most 2000 characters long.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ReviewMessageKey = keyof typeof REVIEW_MESSAGES;
