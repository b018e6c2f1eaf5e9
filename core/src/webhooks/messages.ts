/** The texts of webhooks (docs/webhooks.md). Merged into MESSAGES. */
export const WEBHOOK_MESSAGES = {
  'webhook-url-invalid': { de: 'Bitte geben Sie eine gültige Adresse an', en: 'Please enter a valid address' },
  'webhook-url-https': { de: 'Die Adresse muss mit https:// beginnen', en: 'The address must start with https://' },
  'webhook-url-private': {
    de: 'Die Adresse zeigt auf ein privates oder lokales Netz und ist nicht erlaubt',
    en: 'The address points at a private or local network and is not allowed',
  },
  'webhook-url-unresolved': { de: 'Der Name der Adresse konnte nicht aufgelöst werden', en: 'The address’s name could not be resolved' },
  'webhook-events-required': { de: 'Bitte wählen Sie mindestens ein Ereignis', en: 'Please choose at least one event' },
  'webhook-event-unknown': { de: 'Das Ereignis „{event}“ gibt es nicht', en: 'There is no event “{event}”' },
  'webhook-limit': { de: 'Eine Organisation kann höchstens {n} Webhooks haben', en: 'An organisation can have at most {n} webhooks' },
} as const;
