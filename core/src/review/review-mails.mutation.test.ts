// Every review mail in both languages, word for word where a reader checks it (issue 14; issue 15: the
// mutation score of the review module).
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../shared/language.ts';
import { reviewDecisionMail, testerAssignedMail, type ReviewMailKind } from './review-mails.ts';

const KINDS: ReviewMailKind[] = ['Declined', 'DefinitelyDeclined', 'Verification', 'Closed'];

describe('the mail of a review decision', () => {
  it('reads, in English, greeting, text, link and signature, in text and in HTML', () => {
    const mail = reviewDecisionMail('Declined', 'en', 'olga@example.test', 'Olga "O" Objekt', 'Office & Co', 'https://portal.test/a?b=1&c=2');
    expect(mail).toEqual({
      to: 'olga@example.test',
      subject: 'ECORE portal: questionnaire of Office & Co declined',
      text: [
        'Dear Olga "O" Objekt,',
        '',
        'the questionnaire of the object "Office & Co" was declined in review. Please change the rejected answers and submit it again.',
        '',
        'Open in the portal: https://portal.test/a?b=1&c=2',
        '',
        'ECORE Portal',
      ].join('\n'),
      html:
        '<p>Dear Olga &quot;O&quot; Objekt,</p>' +
        '<p>the questionnaire of the object &quot;Office &amp; Co&quot; was declined in review. Please change the rejected answers and submit it again.</p>' +
        '<p><a href="https://portal.test/a?b=1&amp;c=2">Open in the portal:</a></p><p>ECORE Portal</p>',
    });
  });

  it('reads, in German, with the German greeting and link text', () => {
    const mail = reviewDecisionMail('DefinitelyDeclined', 'de', 'o@x.test', 'Olga', 'Bürohaus', 'l');
    expect(mail.subject).toBe('ECORE-Portal: Fragebogen von Bürohaus endgültig abgelehnt');
    expect(mail.text.split('\n')).toEqual([
      'Guten Tag Olga,',
      '',
      'der Fragebogen des Objekts „Bürohaus“ wurde zum dritten Mal abgelehnt und ist damit endgültig abgelehnt.',
      '',
      'Im Portal öffnen: l',
      '',
      'ECORE Portal',
    ]);
  });

  it.each(KINDS.flatMap((kind) => LANGUAGES.map((language) => [kind, language] as const)))('%s in %s names the object in subject and text, each its own', (kind, language) => {
    const mail = reviewDecisionMail(kind, language, 'o@x.test', 'Olga', 'Haus Nord', 'l');
    expect(mail.subject).toMatch(/^ECORE[- ]portal: .*Haus Nord/i);
    expect(mail.text.split('\n')[2]).toContain('Haus Nord');
    const others = KINDS.filter((k) => k !== kind).map((k) => reviewDecisionMail(k, language, 'o@x.test', 'Olga', 'Haus Nord', 'l'));
    for (const other of others) {
      expect(other.subject).not.toBe(mail.subject);
      expect(other.text).not.toBe(mail.text);
    }
  });

  it.each([
    ['Declined', 'de', 'ECORE-Portal: Fragebogen von X abgelehnt', 'der Fragebogen des Objekts „X“ wurde in der Prüfung abgelehnt. Bitte ändern Sie die abgelehnten Antworten und reichen Sie ihn erneut ein.'],
    ['DefinitelyDeclined', 'en', 'ECORE portal: questionnaire of X definitely declined', 'the questionnaire of the object "X" was declined for the third time and is now definitely declined.'],
    ['Verification', 'de', 'ECORE-Portal: Nachweise für X angefordert', 'für den Fragebogen des Objekts „X“ wurden Nachweise angefordert. Bitte laden Sie die Dokumente zu den markierten Antworten hoch und reichen Sie den Fragebogen erneut ein.'],
    ['Verification', 'en', 'ECORE portal: documents requested for X', 'documents were requested for the questionnaire of the object "X". Please upload them for the marked answers and submit the questionnaire again.'],
    ['Closed', 'de', 'ECORE-Portal: Fragebogen von X akzeptiert', 'der Fragebogen des Objekts „X“ wurde geprüft, bewertet und akzeptiert.'],
    ['Closed', 'en', 'ECORE portal: questionnaire of X accepted', 'the questionnaire of the object "X" was reviewed, evaluated and accepted.'],
  ] as const)('%s in %s: "%s"', (kind, language, subject, body) => {
    const mail = reviewDecisionMail(kind, language, 'o@x.test', 'O', 'X', 'l');
    expect(mail.subject).toBe(subject);
    expect(mail.text.split('\n')[2]).toBe(body);
  });
});

describe('the mail of a new review job', () => {
  it.each([
    ['de', 'ECORE-Portal: neuer Prüfauftrag Gruppe Süd', 'Guten Tag Tom,', 'Ihnen wurde die Prüfung von „Gruppe Süd“ zugewiesen. Sie finden den Auftrag in der Auftragsverwaltung.'],
    ['en', 'ECORE portal: new review job Gruppe Süd', 'Dear Tom,', 'you have been assigned the review of "Gruppe Süd". You find the job in job management.'],
  ] as const)('in %s: "%s"', (language, subject, greeting, body) => {
    const mail = testerAssignedMail(language, 't@x.test', 'Tom', 'Gruppe Süd', 'https://portal.test/job');
    expect(mail.to).toBe('t@x.test');
    expect(mail.subject).toBe(subject);
    expect(mail.text.split('\n').slice(0, 3)).toEqual([greeting, '', body]);
    expect(mail.text).toContain('https://portal.test/job');
  });
});
