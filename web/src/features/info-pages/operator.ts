/**
 * The (fictional) operator of the portal. Names, addresses and numbers are the same in every
 * language, so they live here rather than in the catalogues.
 */
export const OPERATOR = {
  name: 'ECORE Portal GmbH',
  street: 'Beispielstraße 1',
  city: '60311 Frankfurt am Main',
  email: 'kontakt@ecore-portal.example',
  supportEmail: 'support@ecore-portal.example',
  privacyEmail: 'datenschutz@ecore-portal.example',
  phone: '+49 69 1234567-0',
  fax: '+49 69 1234567-99',
  managingDirectors: 'Dr. Anna Beispiel, Max Mustermann',
  register: 'Amtsgericht Frankfurt am Main, HRB 123456',
  vatId: 'DE123456789',
} as const;
