import { emptyContact, type Contact } from '@ecore/core/organisations/contacts.ts';
import { flagProblem, initialFlags, tickFlag, type FlagActor, type OrganisationFlag, type OrganisationFlags } from '@ecore/core/organisations/organisation-flags.ts';
import { organisationBodySchema, type Organisation } from '@ecore/core/organisations/organisation.ts';
import { schemaErrors, type Translate } from '../../components/forms/form-errors.ts';

export interface BillingValues {
  streetName: string;
  streetNr: string;
  postcode: string;
  city: string;
  country: string | null;
}

/** The organisation dialog's values (selects work with strings). */
export interface OrganisationFormValues {
  name: string;
  street: string;
  number: string;
  zip: string;
  city: string;
  country: string | null;
  isTestAccount: boolean;
  isFinancePartner: boolean;
  isSolutionPartner: boolean;
  isBuyer: boolean;
  financePartnerOrganisationId: string | null;
  hasDifferentBillingAddress: boolean;
  billingAddress: BillingValues;
  contacts: Contact[];
}

const emptyBilling = (): BillingValues => ({ streetName: '', streetNr: '', postcode: '', city: '', country: null });

/** A new organisation: the actor's initial flags (core initialFlags) and one empty contact. */
export const newOrganisationValues = (actor: FlagActor): OrganisationFormValues => {
  const flags = initialFlags(actor);
  return {
    name: '',
    street: '',
    number: '',
    zip: '',
    city: '',
    country: null,
    isTestAccount: flags.isTestAccount,
    isFinancePartner: flags.isFinancePartner,
    isSolutionPartner: flags.isSolutionPartner,
    isBuyer: flags.isBuyer,
    financePartnerOrganisationId: flags.financePartnerOrganisationId === null ? null : String(flags.financePartnerOrganisationId),
    hasDifferentBillingAddress: false,
    billingAddress: emptyBilling(),
    contacts: [emptyContact()],
  };
};

export const organisationValues = (org: Organisation): OrganisationFormValues => ({
  name: org.name,
  street: org.street,
  number: org.number,
  zip: org.zip,
  city: org.city,
  country: org.country || null,
  isTestAccount: org.isTestAccount,
  isFinancePartner: org.isFinancePartner,
  isSolutionPartner: org.isSolutionPartner,
  isBuyer: org.isBuyer,
  financePartnerOrganisationId: org.financePartnerOrganisationId === null ? null : String(org.financePartnerOrganisationId),
  hasDifferentBillingAddress: org.hasDifferentBillingAddress,
  billingAddress: org.billingAddress ? { ...org.billingAddress, country: org.billingAddress.country || null } : emptyBilling(),
  contacts: org.contacts.length > 0 ? org.contacts.map((c) => ({ ...c })) : [emptyContact()],
});

/** The flags as core's rules see them. A finance partner is sent only for a buyer. */
export const formFlags = (values: OrganisationFormValues): OrganisationFlags => ({
  isFinancePartner: values.isFinancePartner,
  isBuyer: values.isBuyer,
  isTestAccount: values.isTestAccount,
  isSolutionPartner: values.isSolutionPartner,
  financePartnerOrganisationId: values.isBuyer && values.financePartnerOrganisationId !== null ? Number(values.financePartnerOrganisationId) : null,
});

export const flagsOf = (org: Organisation): OrganisationFlags => ({
  isFinancePartner: org.isFinancePartner,
  isBuyer: org.isBuyer,
  isTestAccount: org.isTestAccount,
  isSolutionPartner: org.isSolutionPartner,
  financePartnerOrganisationId: org.financePartnerOrganisationId,
});

/** Ticking one checkbox adjusts the others the rules tie to it (core tickFlag, spec 01 §5). */
export const withFlag = (values: OrganisationFormValues, flag: OrganisationFlag, on: boolean): OrganisationFormValues => tickFlag(values, flag, on);

const trimContact = (contact: Contact): Contact => ({
  ...(contact.id ? { id: contact.id } : {}),
  fullName: contact.fullName.trim(),
  companyRole: contact.companyRole.trim(),
  email: contact.email.trim(),
  phone: contact.phone.trim(),
  mobile: contact.mobile.trim(),
});

/** The body of POST and PUT /api/organisations (core organisationBodySchema). */
export const organisationPayload = (values: OrganisationFormValues, id?: number) => {
  const flags = formFlags(values);
  return {
    ...(id === undefined ? {} : { id }),
    name: values.name.trim(),
    street: values.street.trim(),
    number: values.number.trim(),
    zip: values.zip.trim(),
    city: values.city.trim(),
    country: values.country ?? '',
    ...flags,
    hasDifferentBillingAddress: values.hasDifferentBillingAddress,
    billingAddress: values.hasDifferentBillingAddress
      ? {
          streetName: values.billingAddress.streetName.trim(),
          streetNr: values.billingAddress.streetNr.trim(),
          postcode: values.billingAddress.postcode.trim(),
          city: values.billingAddress.city.trim(),
          country: values.billingAddress.country ?? '',
        }
      : null,
    contacts: values.contacts.map(trimContact),
  };
};

/** The body of PUT /api/organisations/{id}/contacts. */
export const contactsPayload = (contacts: readonly Contact[]) => ({ contacts: contacts.map(trimContact) });

/**
 * The dialog's errors before anything is sent: core's schema (field texts of spec 01 §5) and core's
 * flag rule; a flag problem shows as `flags`, above the checkboxes.
 */
export const organisationFormErrors = (
  values: OrganisationFormValues,
  context: { actor: FlagActor; previous: OrganisationFlags | null },
  translate: Translate,
): Record<string, string> => {
  const parsed = organisationBodySchema.safeParse(organisationPayload(values));
  const errors = parsed.success ? {} : schemaErrors(parsed.error.issues, translate);
  const problem = flagProblem(context.actor, formFlags(values), context.previous);
  // A missing finance partner already shows under its select.
  if (problem && problem !== 'financePartnerRequired') errors.flags = translate('organisation-flags-invalid', {});
  return errors;
};
