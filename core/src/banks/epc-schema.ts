import { z } from 'zod';
import { EPC_CLASSES, EPC_TYPES, isIsoDate } from './epc.ts';

// The certificate's fields as callers send them, apart from the rules in epc.ts: screens that only show a certificate
// or filter by its expiry (the object list) load the rules without the schema library.

const demand = () => z.number({ error: 'validation-number' }).finite({ error: 'validation-number' }).min(0, { error: 'validation-number' }).max(10_000, { error: 'validation-number' }).nullish();
const date = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isIsoDate(v), { error: 'validation-generic' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/**
 * The certificate's fields in the object's payload (POST/PUT asset, the object import). A field left out keeps what is
 * stored (callers and files that predate the certificate); null or an empty text removes it.
 */
export const epcBodyShape = {
  epcClass: z.enum(EPC_CLASSES, { error: 'epc-class-unknown' }).nullish(),
  epcType: z.enum(EPC_TYPES, { error: 'validation-generic' }).nullish(),
  epcPrimaryEnergyDemand: demand(),
  epcFinalEnergyDemand: demand(),
  epcRegistrationNumber: z
    .string()
    .trim()
    .max(40, { error: 'validation-max-length' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  epcIssuedAt: date(),
  epcValidUntil: date(),
  largeNonResidential: z.boolean({ error: 'validation-generic' }).optional(),
  energyMonitoring: z.boolean({ error: 'validation-generic' }).optional(),
};
export const epcFieldsSchema = z.object(epcBodyShape);
export type EpcBody = z.infer<typeof epcFieldsSchema>;
