// The mails' texts, written out (issue 10: a changed or emptied sentence fails here).
import { describe, expect, it } from 'vitest';
import { accountStateMail, linkMail } from './mails.ts';

const LINK = 'http://portal/x?token=t';
const lines = (...parts: string[]) => parts.join('\n');

describe('link mails', () => {
  it.each([
    ['setPassword', 'de', 'Willkommen im ECORE-Portal: Passwort festlegen', lines('Guten Tag Nina Neu,', '', 'für Sie wurde ein Zugang zum ECORE-Portal angelegt. Bitte legen Sie über den folgenden Link Ihr Passwort fest.', '', `Passwort festlegen: ${LINK}`, '', 'Der Link ist 7 Tage gültig und kann einmal verwendet werden.', 'Wenn Sie keinen Zugang erwartet haben, können Sie diese E-Mail ignorieren.', '', 'ECORE Portal')],
    ['setPassword', 'en', 'Welcome to the ECORE portal: set your password', lines('Hello Nina Neu,', '', 'an account for the ECORE portal has been created for you. Please set your password with the link below.', '', `Set password: ${LINK}`, '', 'The link is valid for 7 days and can be used once.', 'If you did not expect an account, you can ignore this e-mail.', '', 'ECORE Portal')],
    ['resetPassword', 'de', 'ECORE-Portal: Passwort zurücksetzen', lines('Guten Tag Nina Neu,', '', 'wir haben eine Anfrage erhalten, das Passwort Ihres Zugangs zurückzusetzen. Über den folgenden Link legen Sie ein neues Passwort fest.', '', `Neues Passwort festlegen: ${LINK}`, '', 'Der Link ist 24 Stunden gültig und kann einmal verwendet werden; ältere Links sind damit ungültig.', 'Wenn Sie das nicht angefragt haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.', '', 'ECORE Portal')],
    ['resetPassword', 'en', 'ECORE portal: reset your password', lines('Hello Nina Neu,', '', 'we received a request to reset the password of your account. Use the link below to set a new password.', '', `Set a new password: ${LINK}`, '', 'The link is valid for 24 hours and can be used once; older links no longer work.', 'If you did not ask for this, ignore this e-mail; your password stays unchanged.', '', 'ECORE Portal')],
    ['twoFactor', 'de', 'ECORE-Portal: Anmeldung bestätigen', lines('Guten Tag Nina Neu,', '', 'bitte bestätigen Sie Ihre Anmeldung im ECORE-Portal über den folgenden Link.', '', `Anmeldung bestätigen: ${LINK}`, '', 'Der Link ist 10 Minuten gültig und kann einmal verwendet werden.', 'Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail und ändern Sie Ihr Passwort.', '', 'ECORE Portal')],
    ['twoFactor', 'en', 'ECORE portal: confirm your sign-in', lines('Hello Nina Neu,', '', 'please confirm your sign-in to the ECORE portal with the link below.', '', `Confirm sign-in: ${LINK}`, '', 'The link is valid for 10 minutes and can be used once.', 'If you did not sign in, ignore this e-mail and change your password.', '', 'ECORE Portal')],
  ] as const)('%s in %s', (kind, language, subject, text) => {
    const mail = linkMail(kind, language, 'nina@example.org', 'Nina Neu', LINK);
    expect(mail).toMatchObject({ to: 'nina@example.org', subject, text, link: LINK });
    // The HTML part says the same, escaped, with the link as an anchor.
    expect(mail.html).toContain(`<a href="${LINK}">`);
    for (const line of text.split('\n').filter((l) => l && !l.includes(LINK))) expect(mail.html).toContain(line.replaceAll("'", '&#39;'));
  });

  it('escapes what a user typed in the HTML part', () => {
    const mail = linkMail('setPassword', 'en', 'x@y.z', '<b>"Tom" & \'Jerry\'</b>', 'http://p/?a=1&b=2');
    expect(mail.html).toContain('Hello &lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;,');
    expect(mail.html).toContain('href="http://p/?a=1&amp;b=2"');
  });
});

describe('account state mails to the contact person (spec 01 §4)', () => {
  const user = { firstName: 'Carl', lastName: 'Collector', userName: 'collector' };
  it.each([
    ['deactivate', 'de', 'ECORE-Portal: Zugang deaktiviert', 'der Zugang von Carl Collector (collector) zum ECORE-Portal wurde deaktiviert. Eine Anmeldung ist nicht mehr möglich, bis der Zugang wieder aktiviert wird.'],
    ['deactivate', 'en', 'ECORE portal: account deactivated', 'the ECORE portal account of Carl Collector (collector) has been deactivated. Signing in is no longer possible until the account is activated again.'],
    ['lock', 'de', 'ECORE-Portal: Zugang gesperrt', 'der Zugang von Carl Collector (collector) zum ECORE-Portal wurde gesperrt. Bitte wenden Sie sich an den Support, wenn Sie Fragen dazu haben.'],
    ['lock', 'en', 'ECORE portal: account locked', 'the ECORE portal account of Carl Collector (collector) has been locked. Please contact support if you have questions about this.'],
    ['unlock', 'de', 'ECORE-Portal: Zugang entsperrt', 'der Zugang von Carl Collector (collector) zum ECORE-Portal wurde entsperrt. Eine Anmeldung ist wieder möglich.'],
    ['unlock', 'en', 'ECORE portal: account unlocked', 'the ECORE portal account of Carl Collector (collector) has been unlocked. Signing in is possible again.'],
  ] as const)('%s in %s', (kind, language, subject, body) => {
    const greeting = language === 'de' ? 'Guten Tag Olga Objekt,' : 'Hello Olga Objekt,';
    const mail = accountStateMail(kind, language, 'olga@example.org', 'Olga Objekt', user);
    expect(mail).toEqual({ to: 'olga@example.org', subject, text: lines(greeting, '', body, '', 'ECORE Portal'), html: `<p>${greeting}</p><p>${body}</p><p>ECORE Portal</p>` });
  });
});
