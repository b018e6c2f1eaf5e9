import { describe, expect, it } from 'vitest';
import { isOwnerMailState, reviewDecisionMail, testerAssignedMail } from './review-mails.ts';

describe('review mails', () => {
  it('tell the owner of a decline, a request for documents and the acceptance in the contact’s language, with a link', () => {
    const de = reviewDecisionMail('Verification', 'de', 'olga@example.test', 'Olga Objekt', 'Bürohaus <Main>', 'http://portal.test/x');
    expect(de.subject).toBe('ECORE-Portal: Nachweise für Bürohaus <Main> angefordert');
    expect(de.text).toContain('Guten Tag Olga Objekt,');
    expect(de.text).toContain('http://portal.test/x');
    expect(de.html).toContain('Bürohaus &lt;Main&gt;');
    expect(reviewDecisionMail('Closed', 'en', 'a@b.test', 'Olga', 'Office', 'l').subject).toBe('ECORE portal: questionnaire of Office accepted');
  });

  it('are sent for Declined, DefinitelyDeclined, Verification and Closed only', () => {
    expect(['Active', 'Review', 'Evaluation', 'Declined', 'DefinitelyDeclined', 'Verification', 'Closed', 'Expired'].filter(isOwnerMailState)).toEqual([
      'Declined', 'DefinitelyDeclined', 'Verification', 'Closed',
    ]);
  });

  it('tell a tester of a new job', () => {
    expect(testerAssignedMail('de', 't@x.test', 'Tom Tester', 'Bürohaus', 'l').subject).toBe('ECORE-Portal: neuer Prüfauftrag Bürohaus');
  });
});
