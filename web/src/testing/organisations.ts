import type { Organisation } from '@ecore/core/organisations/organisation.ts';

/** An organisation as GET /api/organisations/{id} answers it, with one contact; `flags` set what a test needs. */
export const storedOrganisation = (id: number, name: string, flags: Partial<Organisation> = {}): Organisation => ({
  id,
  name,
  street: 'Hauptstraße',
  number: '1',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  status: 1,
  locked: false,
  isTestAccount: false,
  isFinancePartner: false,
  isSolutionPartner: false,
  isBuyer: false,
  financePartnerOrganisationId: null,
  financePartnerOrganisationName: null,
  hasDifferentBillingAddress: false,
  billingAddress: null,
  contacts: [{ id: 1, fullName: 'Erika Muster', companyRole: 'Leitung', email: 'erika@example.com', phone: '+49 30 1', mobile: '+49 170 1' }],
  ...flags,
});
