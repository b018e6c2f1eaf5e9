import { escapeHtml } from '../identity/mails.ts';
import type { OutgoingMail } from '../identity/ports.ts';
import type { Language } from '../shared/language.ts';

/** The review decisions the owner's contacts are told of (issue 14): declined, evidence requested, closed. */
export type ReviewMailKind = 'Declined' | 'DefinitelyDeclined' | 'Verification' | 'Closed';

const DECISION_TEXTS: Record<ReviewMailKind, Record<Language, { subject: (asset: string) => string; body: (asset: string) => string }>> = {
  Declined: {
    de: {
      subject: (a) => `ECORE-Portal: Fragebogen von ${a} abgelehnt`,
      body: (a) => `der Fragebogen des Objekts „${a}“ wurde in der Prüfung abgelehnt. Bitte ändern Sie die abgelehnten Antworten und reichen Sie ihn erneut ein.`,
    },
    en: {
      subject: (a) => `ECORE portal: questionnaire of ${a} declined`,
      body: (a) => `the questionnaire of the object "${a}" was declined in review. Please change the rejected answers and submit it again.`,
    },
  },
  DefinitelyDeclined: {
    de: {
      subject: (a) => `ECORE-Portal: Fragebogen von ${a} endgültig abgelehnt`,
      body: (a) => `der Fragebogen des Objekts „${a}“ wurde zum dritten Mal abgelehnt und ist damit endgültig abgelehnt.`,
    },
    en: {
      subject: (a) => `ECORE portal: questionnaire of ${a} definitely declined`,
      body: (a) => `the questionnaire of the object "${a}" was declined for the third time and is now definitely declined.`,
    },
  },
  Verification: {
    de: {
      subject: (a) => `ECORE-Portal: Nachweise für ${a} angefordert`,
      body: (a) => `für den Fragebogen des Objekts „${a}“ wurden Nachweise angefordert. Bitte laden Sie die Dokumente zu den markierten Antworten hoch und reichen Sie den Fragebogen erneut ein.`,
    },
    en: {
      subject: (a) => `ECORE portal: documents requested for ${a}`,
      body: (a) => `documents were requested for the questionnaire of the object "${a}". Please upload them for the marked answers and submit the questionnaire again.`,
    },
  },
  Closed: {
    de: {
      subject: (a) => `ECORE-Portal: Fragebogen von ${a} akzeptiert`,
      body: (a) => `der Fragebogen des Objekts „${a}“ wurde geprüft, bewertet und akzeptiert.`,
    },
    en: {
      subject: (a) => `ECORE portal: questionnaire of ${a} accepted`,
      body: (a) => `the questionnaire of the object "${a}" was reviewed, evaluated and accepted.`,
    },
  },
};

const GREETING: Record<Language, (name: string) => string> = { de: (n) => `Guten Tag ${n},`, en: (n) => `Dear ${n},` };
const OPEN: Record<Language, string> = { de: 'Im Portal öffnen:', en: 'Open in the portal:' };

const mail = (language: Language, to: string, name: string, subject: string, body: string, link: string): OutgoingMail => {
  const greeting = GREETING[language](name);
  return {
    to,
    subject,
    text: [greeting, '', body, '', `${OPEN[language]} ${link}`, '', 'ECORE Portal'].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(OPEN[language])}</a></p><p>ECORE Portal</p>`,
  };
};

/** Tells one of the owner's contacts of a review decision, in the contact's language, with a link to the object. */
export const reviewDecisionMail = (kind: ReviewMailKind, language: Language, to: string, contactName: string, assetName: string, link: string): OutgoingMail => {
  const t = DECISION_TEXTS[kind][language];
  return mail(language, to, contactName, t.subject(assetName), t.body(assetName), link);
};

/** The states whose entry the owner's contacts are told of. */
export const isOwnerMailState = (state: string): state is ReviewMailKind => state in DECISION_TEXTS;

const ASSIGNED: Record<Language, { subject: (job: string) => string; body: (job: string) => string }> = {
  de: { subject: (j) => `ECORE-Portal: neuer Prüfauftrag ${j}`, body: (j) => `Ihnen wurde die Prüfung von „${j}“ zugewiesen. Sie finden den Auftrag in der Auftragsverwaltung.` },
  en: { subject: (j) => `ECORE portal: new review job ${j}`, body: (j) => `you have been assigned the review of "${j}". You find the job in job management.` },
};

/** Tells a tester of a new job (an object or a group), in the tester's language. */
export const testerAssignedMail = (language: Language, to: string, testerName: string, jobName: string, link: string): OutgoingMail =>
  mail(language, to, testerName, ASSIGNED[language].subject(jobName), ASSIGNED[language].body(jobName), link);
