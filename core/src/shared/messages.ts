import type { Language } from './language.ts';
import { QUESTIONNAIRE_MESSAGES } from '../questionnaires/messages.ts';
import { ASSET_MESSAGES } from '../assets/messages.ts';
import { ANSWERING_MESSAGES } from '../answering/messages.ts';
import { REVIEW_MESSAGES } from '../review/review-messages.ts';
import { SCORING_MESSAGES } from '../scoring/messages.ts';
import { OUTLIER_MESSAGES } from '../scoring/outlier-messages.ts';
import { CERTIFICATE_MESSAGES } from '../certificates/messages.ts';
import { API_TOKEN_MESSAGES } from '../identity/api-token-messages.ts';
import { SIGN_IN_MESSAGES, SSO_MESSAGES } from '../identity/sign-in-messages.ts';
import { IMPORT_MESSAGES } from '../imports/messages.ts';
import { REPORTING_MESSAGES } from '../reporting/messages.ts';
import { WEBHOOK_MESSAGES } from '../webhooks/messages.ts';
import { BANK_MESSAGES } from '../banks/messages.ts';

/**
 * The texts of the specifications' error catalogue and validation rules (spec 01 §5, §8), keyed as the
 * API answers them in `key`. The server answers `message` from here; the web client shows the same
 * texts from here, so that each text is written once.
 */
export const MESSAGES = {
  ...SIGN_IN_MESSAGES,
  ...SSO_MESSAGES,
  ...QUESTIONNAIRE_MESSAGES,
  ...ANSWERING_MESSAGES,
  ...REVIEW_MESSAGES,
  ...SCORING_MESSAGES,
  ...OUTLIER_MESSAGES,
  ...CERTIFICATE_MESSAGES,
  ...ASSET_MESSAGES,
  ...API_TOKEN_MESSAGES,
  ...IMPORT_MESSAGES,
  ...REPORTING_MESSAGES,
  ...WEBHOOK_MESSAGES,
  ...BANK_MESSAGES,
  'request-error': {
    de: 'Bei Ihrer Anfrage ist ein Fehler aufgetreten',
    en: 'An error occured upon your request',
  },
  'table-load-error': {
    de: 'Beim Laden der Daten ist ein Fehler aufgetreten',
    en: 'An error occured upon loading.',
  },
  'table-empty': { de: 'Keine Einträge vorhanden', en: 'No results available' },
  'validation-required': { de: 'Bitte füllen Sie dieses Feld aus', en: 'Please fill out this field' },
  'validation-roles': {
    de: 'Bitte wählen Sie mindestens eine Nutzerrolle',
    en: 'Please choose atleast one user role',
  },
  'validation-email': { de: 'Keine gültige E-Mail-Adresse', en: 'No valid mail address' },
  'validation-number': { de: 'Bitte geben Sie ein Zahl ein', en: 'Please input a number' },
  'validation-min-options': {
    de: 'Bitte fügen Sie mindestens {min} Optionen hinzu.',
    en: 'Please add atleast {min} options.',
  },
  'validation-username': { de: 'Kein gültiger Benutzername', en: 'No valid username' },
  'validation-generic': { de: 'Bitte überprüfen Sie Ihre Eingabe', en: 'Please check your input' },
  'validation-min-length': {
    de: 'Dieses Feld muss mindestens {n} Zeichen lang sein',
    en: 'This field should be at least {n} characters long',
  },
  'validation-max-length': {
    de: 'Dieses Feld darf höchstens {n} Zeichen lang sein',
    en: 'This field may be at most {n} characters long',
  },
  'validation-password-content': {
    de: 'Das Passwort muss mindestens einen Buchstaben und eine Zahl enthalten',
    en: 'The password must contain at least one letter and one number',
  },
  'validation-password-common': {
    de: 'Dieses Passwort gehört zu den am häufigsten verwendeten. Bitte wählen Sie ein anderes.',
    en: 'This password is one of the most commonly used. Please choose another one.',
  },
  'validation-password-repeat': {
    de: 'Die Passwörter stimmen nicht überein',
    en: 'Passwords are not identical',
  },
  'login-error': {
    de: 'E-Mail und Passwort stimmen nicht überein',
    en: 'Mail or password are not correct.',
  },
  'login-blocked': {
    de: 'Zu viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es in 15 Minuten erneut.',
    en: 'Too many failed sign-ins. Please try again in 15 minutes.',
  },
  'two-factor-error': {
    de: 'Ungültiger Token oder ungültige E-Mail-Adresse',
    en: 'invalid token or email',
  },
  'two-factor-disabled': {
    de: 'Die Anmeldung in zwei Schritten ist nicht eingeschaltet',
    en: 'Two-factor sign-in is not enabled',
  },
  'two-factor-required': {
    de: 'Bitte melden Sie sich mit Bestätigung per E-Mail an',
    en: 'Please sign in with e-mail confirmation',
  },
  'user-name-taken': {
    de: 'Dieser Benutzername ist bereits vergeben',
    en: 'This user name is already taken',
  },
  'user-role-not-assignable': {
    de: 'Diese Nutzerrolle dürfen Sie nicht vergeben',
    en: 'You may not assign this user role',
  },
  'user-role-own': {
    de: 'Ihre eigenen Rollen können Sie nicht ändern',
    en: 'You cannot change your own roles',
  },
  'user-not-manageable': {
    de: 'Dieser Nutzer hat Rollen, die Sie nicht vergeben dürfen; Sie können ihn daher nicht bearbeiten',
    en: 'This user holds roles you may not assign, so you cannot change this user',
  },
  'user-role-test-account': {
    de: 'In einem Testkonto sind nur Objektrollen möglich',
    en: 'A test account allows object roles only',
  },
  'user-role-finance-partner': {
    de: 'Nutzer eines Finanzpartners haben genau die Rollen Objektadministrator und Account-Manager',
    en: 'Users of a finance partner hold exactly the roles object administrator and account manager',
  },
  'user-assets-need-group': {
    de: 'Bitte wählen Sie zuerst mindestens eine Objektgruppe',
    en: 'Please choose at least one object group first',
  },
  'user-state-invalid': {
    de: 'Diese Statusänderung ist für den Nutzer nicht möglich',
    en: 'This status change is not possible for the user',
  },
  'organisation-flags-invalid': {
    de: 'Diese Kombination der Organisationsmerkmale ist nicht erlaubt',
    en: 'This combination of organisation flags is not allowed',
  },
  'organisation-state-invalid': {
    de: 'Diese Statusänderung ist für die Organisation nicht möglich',
    en: 'This status change is not possible for the organisation',
  },
  'organisation-not-selectable': {
    de: 'Diese Organisation können Sie nicht wählen',
    en: 'You cannot choose this organisation',
  },
  'set-password-error': {
    de: 'Bei Ihrer Anfrage ist ein Fehler aufgetreten',
    en: 'An error occured upon your request',
  },
  'invalid-link': {
    de: 'Der Link ist nicht korrekt. Er ist möglicherweise abgelaufen.',
    en: 'The link is not correct. It may have expired.',
  },
  unauthorized: {
    de: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    en: 'Your session has expired. Please sign in again.',
  },
  forbidden: {
    de: 'Für diese Aktion fehlt Ihnen die Berechtigung',
    en: 'You are not allowed to do this',
  },
  'not-found': { de: 'Nicht gefunden', en: 'Not found' },
  'too-many-requests': {
    de: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
    en: 'Too many requests. Please try again later.',
  },
  'payload-too-large': {
    de: 'Die Anfrage ist zu groß',
    en: 'The request is too large',
  },
  'server-busy': {
    de: 'Der Server ist gerade überlastet. Bitte versuchen Sie es in einigen Sekunden erneut.',
    en: 'The server is overloaded right now. Please try again in a few seconds.',
  },
  'database-unavailable': {
    de: 'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
    en: 'The database cannot be reached right now. Please try again in a few minutes.',
  },
  'server-error': {
    de: 'Bei Ihrer Anfrage ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    en: 'An error occured upon your request. Please try again later.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGES, key);

/** The text of a key in a language, with `{name}` placeholders filled. */
export const message = (key: MessageKey, language: Language, params: Record<string, string | number> = {}): string =>
  MESSAGES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
