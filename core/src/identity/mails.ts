import type { Language } from '../shared/language.ts';
import type { OutgoingMail } from './ports.ts';

interface MailTexts {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  validity: string;
  ignore: string;
}

const TEXTS: Record<'setPassword' | 'resetPassword' | 'twoFactor', Record<Language, MailTexts>> = {
  setPassword: {
    de: {
      subject: 'Willkommen im ECORE-Portal: Passwort festlegen',
      greeting: (n) => `Guten Tag ${n},`,
      body: 'für Sie wurde ein Zugang zum ECORE-Portal angelegt. Bitte legen Sie über den folgenden Link Ihr Passwort fest.',
      action: 'Passwort festlegen',
      validity: 'Der Link ist 7 Tage gültig und kann einmal verwendet werden.',
      ignore: 'Wenn Sie keinen Zugang erwartet haben, können Sie diese E-Mail ignorieren.',
    },
    en: {
      subject: 'Welcome to the ECORE portal: set your password',
      greeting: (n) => `Hello ${n},`,
      body: 'an account for the ECORE portal has been created for you. Please set your password with the link below.',
      action: 'Set password',
      validity: 'The link is valid for 7 days and can be used once.',
      ignore: 'If you did not expect an account, you can ignore this e-mail.',
    },
  },
  resetPassword: {
    de: {
      subject: 'ECORE-Portal: Passwort zurücksetzen',
      greeting: (n) => `Guten Tag ${n},`,
      body: 'wir haben eine Anfrage erhalten, das Passwort Ihres Zugangs zurückzusetzen. Über den folgenden Link legen Sie ein neues Passwort fest.',
      action: 'Neues Passwort festlegen',
      validity: 'Der Link ist 24 Stunden gültig und kann einmal verwendet werden; ältere Links sind damit ungültig.',
      ignore: 'Wenn Sie das nicht angefragt haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    },
    en: {
      subject: 'ECORE portal: reset your password',
      greeting: (n) => `Hello ${n},`,
      body: 'we received a request to reset the password of your account. Use the link below to set a new password.',
      action: 'Set a new password',
      validity: 'The link is valid for 24 hours and can be used once; older links no longer work.',
      ignore: 'If you did not ask for this, ignore this e-mail; your password stays unchanged.',
    },
  },
  twoFactor: {
    de: {
      subject: 'ECORE-Portal: Anmeldung bestätigen',
      greeting: (n) => `Guten Tag ${n},`,
      body: 'bitte bestätigen Sie Ihre Anmeldung im ECORE-Portal über den folgenden Link.',
      action: 'Anmeldung bestätigen',
      validity: 'Der Link ist 10 Minuten gültig und kann einmal verwendet werden.',
      ignore: 'Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail und ändern Sie Ihr Passwort.',
    },
    en: {
      subject: 'ECORE portal: confirm your sign-in',
      greeting: (n) => `Hello ${n},`,
      body: 'please confirm your sign-in to the ECORE portal with the link below.',
      action: 'Confirm sign-in',
      validity: 'The link is valid for 10 minutes and can be used once.',
      ignore: 'If you did not sign in, ignore this e-mail and change your password.',
    },
  },
};

/** Text made safe for the HTML part of a mail. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The mail of a link token, in the recipient's language. */
export const linkMail = (
  kind: keyof typeof TEXTS,
  language: Language,
  to: string,
  name: string,
  link: string,
): OutgoingMail => {
  const t = TEXTS[kind][language];
  const text = [t.greeting(name), '', t.body, '', `${t.action}: ${link}`, '', t.validity, t.ignore, '', 'ECORE Portal'].join('\n');
  const html = `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(t.validity)}<br>${escapeHtml(t.ignore)}</p><p>ECORE Portal</p>`;
  return { to, subject: t.subject, text, html, link };
};

const STATE_TEXTS: Record<'deactivate' | 'lock' | 'unlock', Record<Language, { subject: string; body: (user: string) => string }>> = {
  deactivate: {
    de: { subject: 'ECORE-Portal: Zugang deaktiviert', body: (u) => `der Zugang von ${u} zum ECORE-Portal wurde deaktiviert. Eine Anmeldung ist nicht mehr möglich, bis der Zugang wieder aktiviert wird.` },
    en: { subject: 'ECORE portal: account deactivated', body: (u) => `the ECORE portal account of ${u} has been deactivated. Signing in is no longer possible until the account is activated again.` },
  },
  lock: {
    de: { subject: 'ECORE-Portal: Zugang gesperrt', body: (u) => `der Zugang von ${u} zum ECORE-Portal wurde gesperrt. Bitte wenden Sie sich an den Support, wenn Sie Fragen dazu haben.` },
    en: { subject: 'ECORE portal: account locked', body: (u) => `the ECORE portal account of ${u} has been locked. Please contact support if you have questions about this.` },
  },
  unlock: {
    de: { subject: 'ECORE-Portal: Zugang entsperrt', body: (u) => `der Zugang von ${u} zum ECORE-Portal wurde entsperrt. Eine Anmeldung ist wieder möglich.` },
    en: { subject: 'ECORE portal: account unlocked', body: (u) => `the ECORE portal account of ${u} has been unlocked. Signing in is possible again.` },
  },
};

/** Informs an organisation's contact person that a user's account was deactivated, locked or unlocked (spec 01 §4). */
export const accountStateMail = (
  kind: keyof typeof STATE_TEXTS,
  language: Language,
  to: string,
  contactName: string,
  user: { firstName: string; lastName: string; userName: string },
): OutgoingMail => {
  const t = STATE_TEXTS[kind][language];
  const who = `${user.firstName} ${user.lastName} (${user.userName})`;
  const greeting = TEXTS.setPassword[language].greeting(contactName);
  const text = [greeting, '', t.body(who), '', 'ECORE Portal'].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t.body(who))}</p><p>ECORE Portal</p>`;
  return { to, subject: t.subject, text, html };
};
