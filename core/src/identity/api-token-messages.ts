/** The texts of personal access tokens and safe retries (issue 21, docs/api.md). Merged into MESSAGES. */
export const API_TOKEN_MESSAGES = {
  'api-token-invalid': {
    de: 'Der Zugangsschlüssel ist ungültig, abgelaufen oder widerrufen',
    en: 'The access token is invalid, expired or revoked',
  },
  'api-token-scope': {
    de: 'Der Zugangsschlüssel erlaubt diesen Aufruf nicht',
    en: 'The access token does not allow this call',
  },
  'token-not-allowed': {
    de: 'Diese Aktion ist nur angemeldet im Browser möglich, nicht mit einem Zugangsschlüssel',
    en: 'This action is only possible when signed in in the browser, not with an access token',
  },
  'idempotency-secret-not-replayed': {
    de: 'Ein Zugangsschlüssel wird nur einmal angezeigt. Bitte prüfen Sie Ihre Zugangsschlüssel und widerrufen Sie den verlorenen',
    en: 'An access token is shown only once. Please check your access tokens and revoke the one you lost',
  },
  'api-token-scopes-required': {
    de: 'Bitte wählen Sie mindestens eine Berechtigung',
    en: 'Please choose at least one scope',
  },
  'api-token-scope-not-held': {
    de: 'Die Berechtigung „{scope}“ steht Ihnen nicht zu',
    en: 'You cannot hold the scope “{scope}”',
  },
  'api-token-expiry-invalid': {
    de: 'Bitte geben Sie ein gültiges Ablaufdatum an',
    en: 'Please enter a valid expiry date',
  },
  'api-token-expiry-past': {
    de: 'Das Ablaufdatum muss in der Zukunft liegen',
    en: 'The expiry date must be in the future',
  },
  'api-token-expiry-too-far': {
    de: 'Das Ablaufdatum darf höchstens ein Jahr in der Zukunft liegen',
    en: 'The expiry date may be at most one year ahead',
  },
  'api-token-limit': {
    de: 'Sie haben bereits die höchste Zahl gültiger Zugangsschlüssel',
    en: 'You already hold the largest number of valid access tokens',
  },
  'idempotency-key-reused': {
    de: 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet',
    en: 'This Idempotency-Key was already used for another request',
  },
  'idempotency-key-invalid': {
    de: 'Der Idempotency-Key muss 1 bis 255 sichtbare Zeichen lang sein',
    en: 'The Idempotency-Key must be 1 to 255 visible characters long',
  },
  'idempotency-key-in-progress': {
    de: 'Eine Anfrage mit diesem Idempotency-Key wird noch bearbeitet',
    en: 'A request with this Idempotency-Key is still being processed',
  },
} as const;
