import { describe, expect, it } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import type { Organisation } from '@ecore/core/organisations/organisation.ts';
import { message } from '@ecore/core/shared/messages.ts';
import type { Translate } from '../../components/forms/form-errors.ts';
import { fileNameFromDisposition } from './accounts-api.ts';
import { newOrganisationValues, organisationFormErrors, organisationPayload, organisationValues, withFlag } from './organisation-form.ts';

const german: Translate = (key, params) => message(key, 'de', params);
const admin = { roles: [Role.AccountAdministrator], orgId: 1, orgFinance: false };
const bankManager = { roles: [Role.AccountManager, Role.ObjectAdministrator], orgId: 2, orgFinance: true };

const contact = { id: null, fullName: 'Olga Objekt', companyRole: 'Leitung', email: 'olga@example.org', phone: '1', mobile: '2' };
const filled = () => ({
  ...newOrganisationValues(admin),
  name: 'Neue Immo GmbH',
  street: 'Hauptstraße',
  number: '1',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  contacts: [contact],
});

describe('the organisation dialog', () => {
  it('starts a new organisation with one empty contact and the flags core gives the actor', () => {
    expect(newOrganisationValues(admin)).toMatchObject({ isBuyer: false, financePartnerOrganisationId: null, contacts: [{ fullName: '' }] });
    expect(newOrganisationValues(bankManager)).toMatchObject({ isBuyer: true, financePartnerOrganisationId: '2' });
  });

  it('passes a complete organisation and sends no billing address unless ticked', () => {
    expect(organisationFormErrors(filled(), { actor: admin, previous: null }, german)).toEqual({});
    expect(organisationPayload(filled())).toMatchObject({ billingAddress: null, hasDifferentBillingAddress: false, financePartnerOrganisationId: null });
  });

  it('requires every field, every contact field and, when ticked, every billing field', () => {
    const values = {
      ...filled(),
      zip: '',
      contacts: [contact, { ...contact, email: 'kaputt' }],
      hasDifferentBillingAddress: true,
    };
    const errors = organisationFormErrors(values, { actor: admin, previous: null }, german);
    expect(errors).toMatchObject({
      zip: 'Bitte füllen Sie dieses Feld aus',
      'contacts.1.email': 'Keine gültige E-Mail-Adresse',
      'billingAddress.city': 'Bitte füllen Sie dieses Feld aus',
      'billingAddress.country': 'Bitte füllen Sie dieses Feld aus',
    });
  });

  it('asks a buyer for its finance partner', () => {
    const buyer = withFlag(filled(), 'isBuyer', true);
    expect(organisationFormErrors(buyer, { actor: admin, previous: null }, german)).toEqual({
      financePartnerOrganisationId: 'Bitte füllen Sie dieses Feld aus',
    });
    expect(organisationPayload({ ...buyer, financePartnerOrganisationId: '2' }).financePartnerOrganisationId).toBe(2);
  });

  it('keeps finance partner, buyer and test account apart when one is ticked', () => {
    const test = withFlag(filled(), 'isTestAccount', true);
    expect(withFlag(test, 'isFinancePartner', true)).toMatchObject({ isFinancePartner: true, isTestAccount: false, isBuyer: false });
    const buyer = withFlag({ ...filled(), isFinancePartner: true }, 'isBuyer', true);
    expect(buyer).toMatchObject({ isBuyer: true, isFinancePartner: false });
    expect(withFlag({ ...buyer, financePartnerOrganisationId: '2' }, 'isBuyer', false).financePartnerOrganisationId).toBeNull();
  });

  it('refuses flags core does not allow (a finance account manager creating a non-buyer)', () => {
    const values = { ...filled(), isBuyer: false, financePartnerOrganisationId: null };
    expect(organisationFormErrors(values, { actor: bankManager, previous: null }, german).flags).toBe(
      'Diese Kombination der Organisationsmerkmale ist nicht erlaubt',
    );
  });

  it('reads a stored organisation back into the same payload', () => {
    const stored: Organisation = {
      id: 3, name: 'Käufer Wohnbau GmbH', street: 'Leopoldstraße', number: '8', zip: '80802', city: 'München', country: 'DE', status: 1,
      locked: false, isTestAccount: false, isFinancePartner: false, isSolutionPartner: false, isBuyer: true, financePartnerOrganisationId: 2,
      financePartnerOrganisationName: 'Beispielbank eG', hasDifferentBillingAddress: true,
      billingAddress: { city: 'München', streetName: 'Postfach', streetNr: '1', postcode: '80001', country: 'DE' },
      contacts: [{ ...contact, id: 11 }],
    };
    expect(organisationPayload(organisationValues(stored), 3)).toEqual({
      id: 3, name: stored.name, street: stored.street, number: '8', zip: '80802', city: 'München', country: 'DE',
      isTestAccount: false, isFinancePartner: false, isSolutionPartner: false, isBuyer: true, financePartnerOrganisationId: 2,
      hasDifferentBillingAddress: true, billingAddress: stored.billingAddress, contacts: [{ ...contact, id: 11 }],
    });
  });
});

describe('the export file name', () => {
  it("takes the server's Content-Disposition name, the UTF-8 form first", () => {
    expect(fileNameFromDisposition('attachment; filename="users.csv"', 'x')).toBe('users.csv');
    expect(fileNameFromDisposition("attachment; filename=\"n.csv\"; filename*=UTF-8''Nutzer%20%C3%BC.csv", 'x')).toBe('Nutzer ü.csv');
    expect(fileNameFromDisposition(null, 'users.xlsx')).toBe('users.xlsx');
  });
});
