import { z } from 'zod';
import { isCountryCode } from '../shared/countries.ts';
import { contactListSchema } from './contacts.ts';

/** Status of an organisation: the user status enumeration of spec 01 §3 (Inactive 0, Active 1). */
export const OrganisationStatus = { Inactive: 0, Active: 1 } as const;

const text = (max = 200) =>
  z.string({ error: 'validation-required' }).trim().min(1, { error: 'validation-required' }).max(max, { error: 'validation-max-length' });
const country = () => text(10).refine(isCountryCode, { error: 'validation-generic' });

/**
 * The organisation payload of create (POST) and edit (PUT) (spec 01 §3 "Organisation", §5): every field
 * required, the billing fields only when the differing billing address is ticked, at least one contact.
 */
export const organisationBodySchema = z
  .object({
    id: z.number().int().positive().optional(),
    name: text(),
    street: text(),
    number: text(20),
    zip: text(20),
    city: text(),
    country: country(),
    isTestAccount: z.boolean().default(false),
    isFinancePartner: z.boolean().default(false),
    isSolutionPartner: z.boolean().default(false),
    isBuyer: z.boolean().default(false),
    financePartnerOrganisationId: z.number().int().positive().nullish().transform((v) => v ?? null),
    hasDifferentBillingAddress: z.boolean().default(false),
    billingAddress: z
      .object({
        city: z.string().optional(),
        streetName: z.string().optional(),
        streetNr: z.string().optional(),
        postcode: z.string().optional(),
        country: z.string().optional(),
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
  action: 'activate' | 'deactivate' | 'lock' | 'unlock' | 'delete',
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
