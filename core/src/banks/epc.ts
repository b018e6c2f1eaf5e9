import type { EpcBody } from './epc-schema.ts';

/**
 * The energy performance certificate (EPC, Energieausweis) of an object (DOMAIN.md §11): its class, whether it rests
 * on the calculated demand or on measured consumption, the primary and final energy figures printed on it (kWh/m²a),
 * its registration number as printed, and the dates it was issued and is valid until (at most ten years later).
 * Every field is optional: an object without a certificate has none of them.
 */
export const EPC_CLASSES = ['A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export type EpcClass = (typeof EPC_CLASSES)[number];
export const EPC_TYPES = ['demand', 'consumption'] as const;
export type EpcType = (typeof EPC_TYPES)[number];

/** A certificate is valid for at most this many years after its issue. */
export const EPC_MAX_VALIDITY_YEARS = 10;
/** An object whose certificate ends within this many days is shown as expiring (object page, list filter). */
export const EPC_EXPIRY_WARNING_DAYS = 90;

export interface EpcFields {
  epcClass: EpcClass | null;
  epcType: EpcType | null;
  epcPrimaryEnergyDemand: number | null;
  epcFinalEnergyDemand: number | null;
  epcRegistrationNumber: string | null;
  epcIssuedAt: string | null;
  epcValidUntil: string | null;
  /** Heating or air conditioning of more than 290 kW effective rated output (taxonomy 7.7). */
  largeNonResidential: boolean;
  /** The building runs energy performance monitoring (needed by large non-residential buildings for 7.7). */
  energyMonitoring: boolean;
}

export const NO_EPC: EpcFields = {
  epcClass: null,
  epcType: null,
  epcPrimaryEnergyDemand: null,
  epcFinalEnergyDemand: null,
  epcRegistrationNumber: null,
  epcIssuedAt: null,
  epcValidUntil: null,
  largeNonResidential: false,
  energyMonitoring: false,
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written `YYYY-MM-DD` that exists (no 31 April). */
export const isIsoDate = (text: string): boolean => {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** The same calendar day `years` later (29 February reads as 28 February where the year has none). */
export const addYears = (isoDate: string, years: number): string => {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  if (date.getUTCDate() !== d) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
};

/** The day `days` after an ISO date. */
export const addDays = (isoDate: string, days: number): string => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export type EpcProblemKey = 'epc-valid-until-before-issue' | 'epc-valid-too-long' | 'epc-dates-incomplete';

/** One problem of a certificate: the field it concerns and its message key. */
export interface EpcProblem {
  path: keyof EpcFields;
  key: EpcProblemKey;
}

/**
 * The rules between the certificate's fields (the fields' own forms are the schema's): valid until after its issue and
 * at most ten years after it; a validity without its issue date (or the other way round) cannot be checked and is refused.
 */
export const epcProblems = (epc: Pick<EpcFields, 'epcIssuedAt' | 'epcValidUntil'>): EpcProblem[] => {
  const { epcIssuedAt: issued, epcValidUntil: until } = epc;
  if (issued === null && until === null) return [];
  if (issued === null) return [{ path: 'epcIssuedAt', key: 'epc-dates-incomplete' }];
  if (until === null) return [{ path: 'epcValidUntil', key: 'epc-dates-incomplete' }];
  if (until <= issued) return [{ path: 'epcValidUntil', key: 'epc-valid-until-before-issue' }];
  if (until > addYears(issued, EPC_MAX_VALIDITY_YEARS)) return [{ path: 'epcValidUntil', key: 'epc-valid-too-long' }];
  return [];
};

/** Valid on a date when issued before it and valid until after it (DOMAIN.md §11). */
export const epcValidOn = (epc: Pick<EpcFields, 'epcIssuedAt' | 'epcValidUntil'>, date: string): boolean =>
  epc.epcIssuedAt !== null && epc.epcValidUntil !== null && epc.epcIssuedAt < date && epc.epcValidUntil > date;

/**
 * The window of "expires within 90 days" seen on a day: issued before `today`, valid until after it and at most
 * until `until`. The object list's filter compares the stored dates with it; epcExpiresSoon applies it to one object.
 */
export const epcExpiryWindow = (today: string, days = EPC_EXPIRY_WARNING_DAYS): { today: string; until: string } => ({ today, until: addDays(today, days) });

/** Valid today but ending within 90 days: the object page and the list filter say so. */
export const epcExpiresSoon = (epc: Pick<EpcFields, 'epcIssuedAt' | 'epcValidUntil'>, today: string, days = EPC_EXPIRY_WARNING_DAYS): boolean =>
  epcValidOn(epc, today) && epc.epcValidUntil! <= epcExpiryWindow(today, days).until;

/** The certificate after a save: each field given replaces the stored one, each left out stays. */
export const epcAfter = (stored: EpcFields, body: EpcBody): EpcFields => {
  const out = { ...stored } as Record<keyof EpcFields, unknown>;
  for (const key of Object.keys(NO_EPC) as (keyof EpcFields)[]) if (body[key] !== undefined) out[key] = body[key];
  return out as unknown as EpcFields;
};
