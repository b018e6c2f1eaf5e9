import { z } from 'zod';
import { isCountryCode } from '../shared/countries.ts';
import { contactListSchema } from './contacts.ts';
import { idValue, requiredText, text } from '../shared/schemas.ts';

/** Status of an organisation: the user status enumeration of spec 01 §3 (Inactive 0, Active 1). */
export const OrganisationStatus = { Inactive: 0, Active: 1 } as const;

const country = () => requiredText(10).refine(isCountryCode, { error: 'validation-generic' });

/**
 * The organisation payload of create (POST) and edit (PUT) (spec 01 §3 "Organisation", §5): every field
 * required, the billing fields only when the differing billing address is ticked, at least one contact.
 */
export const organisationBodySchema = z
  .object({
    id: idValue.optional(),
    name: requiredText(),
    street: requiredText(),
    number: requiredText(20),
    zip: requiredText(20),
    city: requiredText(),
    country: country(),
    isTestAccount: z.boolean().default(false),
    isFinancePartner: z.boolean().default(false),
    isSolutionPartner: z.boolean().default(false),
    isBuyer: z.boolean().default(false),
    financePartnerOrganisationId: idValue.nullish().transform((v) => v ?? null),
    hasDifferentBillingAddress: z.boolean().default(false),
    billingAddress: z
      .object({
        city: text(200).optional(),
        streetName: text(200).optional(),
        streetNr: text(20).optional(),
        postcode: text(20).optional(),
        country: text(10).optional(),
      })
      .nullish(),
    contacts: contactListSchema,
  })
  .superRefine((org, ctx) => {
    if (org.isBuyer && org.financePartnerOrganisationId === null) {
      ctx.addIssue({ code: 'custom', path: ['financePartnerOrganisationId'], message: 'validation-required' });
    }
    if (!org.hasDifferentBillingAddress) return;
    const billing = org.billingAddress ?? {};
    for (const field of ['city', 'streetName', 'streetNr', 'postcode', 'country'] as const) {
      const value = billing[field]?.trim() ?? '';
      if (value === '') ctx.addIssue({ code: 'custom', path: ['billingAddress', field], message: 'validation-required' });
      else if (field === 'country' && !isCountryCode(value)) ctx.addIssue({ code: 'custom', path: ['billingAddress', field], message: 'validation-generic' });
    }
  });
export type OrganisationBody = z.infer<typeof organisationBodySchema>;

export interface BillingAddress {
  city: string;
  streetName: string;
  streetNr: string;
  postcode: string;
  country: string;
}

/** An organisation as the API answers it (spec 01 §3 "Organisation"). */
export interface Organisation {
  id: number;
  name: string;
  street: string;
  number: string;
  zip: string;
  city: string;
  country: string;
  status: number;
  locked: boolean;
  isTestAccount: boolean;
  isFinancePartner: boolean;
  isSolutionPartner: boolean;
  isBuyer: boolean;
  financePartnerOrganisationId: number | null;
  financePartnerOrganisationName: string | null;
  hasDifferentBillingAddress: boolean;
  billingAddress: BillingAddress | null;
  contacts: (import('./contacts.ts').Contact & { id: number })[];
}

/** Which state changes an organisation allows: activate an inactive one, deactivate an active one, lock or unlock either. */
export const organisationTransitionAllowed = (
  org: Pick<Organisation, 'status' | 'locked'>,
  action: OrganisationTransition,
  ownOrganisation = false,
): boolean => {
  // Blocking the own organisation would shut the actor out with it.
  if (ownOrganisation && action !== 'activate' && action !== 'unlock') return false;
  switch (action) {
    case 'activate':
      return org.status === OrganisationStatus.Inactive;
    case 'deactivate':
      return org.status === OrganisationStatus.Active;
    case 'lock':
      return !org.locked;
    case 'unlock':
      return org.locked;
    case 'delete':
      return true;
  }
};

export type OrganisationTransition = 'activate' | 'deactivate' | 'lock' | 'unlock' | 'delete';

/** Deactivating, locking or deleting an organisation ends the sessions of all its users (DOMAIN.md §2). */
export const organisationTransitionEndsSessions = (action: OrganisationTransition): boolean =>
  action === 'deactivate' || action === 'lock' || action === 'delete';

/** A buyer's partner must be a finance partner (spec 01 §5); checked when the partner is chosen or changed. */
export const buyerPartnerProblem = (
  body: { isBuyer: boolean; financePartnerOrganisationId: number | null },
  previousPartnerId: number | null | undefined,
  partner: { isFinancePartner: boolean } | null,
): boolean =>
  body.isBuyer && body.financePartnerOrganisationId !== null && body.financePartnerOrganisationId !== previousPartnerId && !partner?.isFinancePartner;

/** Everyone may read their own organisation; other organisations only within the actor's scope (null: all). */
export const mayReadOrganisation = (actorOrgId: number, organisationId: number, scope: readonly number[] | null): boolean =>
  organisationId === actorOrgId || scope === null || scope.includes(organisationId);
