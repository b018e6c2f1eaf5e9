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
} as const satisfies Record<string, Record<Language, string>>;
