import type { Language } from '../shared/language.ts';

/** The refusals of sign-in with an authenticator app (docs/sign-in.md), in both languages. */
export const SIGN_IN_MESSAGES = {
  'totp-error': {
    de: 'Der Code ist falsch oder abgelaufen.',
    en: 'The code is wrong or has expired.',
  },
  'totp-reused': {
    de: 'Dieser Code wurde schon verwendet. Bitte geben Sie den nächsten Code Ihrer App ein.',
    en: 'This code has already been used. Please enter the next code of your app.',
  },
  'totp-login-expired': {
    de: 'Die Anmeldung hat zu lange gedauert. Bitte melden Sie sich erneut an.',
    en: 'The sign-in took too long. Please sign in again.',
  },
  'totp-not-started': {
    de: 'Bitte richten Sie die Authenticator-App zuerst ein.',
    en: 'Please set up the authenticator app first.',
  },
  'totp-already-enrolled': {
    de: 'Eine Authenticator-App ist schon eingerichtet.',
    en: 'An authenticator app is already set up.',
  },
  'totp-required': {
    de: 'Ihre Organisation verlangt eine Authenticator-App; sie kann nicht entfernt werden.',
    en: 'Your organisation requires an authenticator app; it cannot be removed.',
  },
} as const satisfies Record<string, Record<Language, string>>;

/** The refusals of the single sign-on settings. */
export const SSO_MESSAGES = {
  'sso-issuer-invalid': {
    de: 'Bitte geben Sie die Adresse des Anbieters mit https:// an (ohne Parameter).',
    en: 'Please give the provider’s address starting with https:// (without parameters).',
  },
  'sso-domain-invalid': {
    de: 'Bitte geben Sie eine gültige E-Mail-Domain an, z. B. beispiel.de.',
    en: 'Please give a valid e-mail domain, e.g. example.com.',
  },
  'sso-domain-taken': {
    de: 'Diese E-Mail-Domain gehört schon zur Anmeldung einer anderen Organisation.',
    en: 'This e-mail domain already belongs to another organisation’s sign-in.',
  },
  'sso-secret-required': {
    de: 'Bitte geben Sie das Client-Secret an.',
    en: 'Please give the client secret.',
  },
  'sso-token-invalid': {
    de: 'Die Antwort Ihres Anmeldedienstes ist ungültig (Aussteller, Empfänger, Signatur oder Gültigkeit stimmen nicht). Bitte melden Sie sich erneut an.',
    en: 'The answer of your sign-in service is not valid (issuer, audience, signature or validity do not match). Please sign in again.',
  },
  'sso-login-expired': {
    de: 'Diese Anmeldung ist abgelaufen oder wurde schon verwendet. Bitte melden Sie sich erneut an.',
    en: 'This sign-in has expired or has already been used. Please sign in again.',
  },
  'sso-email-not-covered': {
    de: 'Ihr Anmeldedienst hat eine E-Mail-Adresse bestätigt, für die er im Portal nicht zuständig ist.',
    en: 'Your sign-in service confirmed an e-mail address it is not responsible for in the portal.',
  },
  'sso-no-account': {
    de: 'Zu dieser E-Mail-Adresse gibt es in Ihrer Organisation kein aktives Konto im Portal. Bitte wenden Sie sich an Ihre Administration.',
    en: 'There is no active portal account with this e-mail address in your organisation. Please contact your administrator.',
  },
  'sso-cancelled': {
    de: 'Die Anmeldung bei Ihrem Anmeldedienst wurde abgebrochen.',
    en: 'The sign-in at your sign-in service was cancelled.',
  },
  'passkey-error': {
    de: 'Der Passkey wurde nicht angenommen. Bitte versuchen Sie es erneut oder melden Sie sich mit Ihrem Passwort an.',
    en: 'The passkey was not accepted. Please try again or sign in with your password.',
  },
  'passkey-limit': {
    de: 'Sie haben schon zehn Passkeys. Bitte entfernen Sie zuerst einen.',
    en: 'You already have ten passkeys. Please remove one first.',
  },
  'sso-only': {
    de: 'Ihre Organisation meldet Sie über ihren Anmeldedienst an (Single Sign-on). Bitte geben Sie auf der Anmeldeseite nur Ihre E-Mail-Adresse ein.',
    en: 'Your organisation signs you in through its sign-in service (single sign-on). Please enter just your e-mail address on the login page.',
  },
  'sso-unavailable': {
    de: 'Der Anmeldedienst Ihrer Organisation ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
    en: 'Your organisation’s sign-in service cannot be reached. Please try again later.',
  },
} as const satisfies Record<string, Record<Language, string>>;
