import * as E from 'fp-ts/lib/Either.js';
import { ENERGY_CARRIERS, REPORTING_YEAR_MIN, STRANDING_LAST_YEAR, parseStrandingBody, type EnergyCarrier, type StrandingAsset, type StrandingBody } from '@ecore/core/scoring/stranding.ts';
import { isMessageKey } from '@ecore/core/shared/messages.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import type { Translate } from '../../components/forms/form-errors.ts';
import { numberOf, numberText, relocaliseNumberText } from '../assets/locale-number.ts';
import { shareRows, type ShareRowValues } from '../assets/object-form.ts';

/**
 * The stranding calculator's form (issue 15): the reporting year as the year picker's text, the country code, the
 * asset-class rows as the object form holds them, and area and energy per carrier as typed in the user's locale
 * (decimal comma in German). The rules are core's: `parseStrandingBody` is what the server parses.
 */
export interface StrandingFormValues {
  reportingYear: string | null;
  country: string | null;
  assetAssetTypes: ShareRowValues[];
  area: string;
  energy: Record<EnergyCarrier, string>;
}

/** The years the calculator projects from (core: 2015 to 2050), newest first. */
export const REPORTING_YEARS: string[] = Array.from({ length: STRANDING_LAST_YEAR - REPORTING_YEAR_MIN + 1 }, (_, i) => String(STRANDING_LAST_YEAR - i));

/** An office of 1 000 m² in Germany, heated by gas, reported for 2024: a result shows as the page opens. */
export const EXAMPLE: StrandingBody = {
  reportingYear: 2024,
  country: 'DE',
  assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
  area: 1000,
  energy: { gridElectricity: 60, gas: 120, oil: 0, districtHeating: 0, districtCooling: 0, renewablesConsumed: 0, renewablesExported: 0 },
};

/** The form's values of a body, numbers written for `language`. */
export const strandingValues = (body: StrandingBody, language: Language): StrandingFormValues => ({
  reportingYear: String(body.reportingYear),
  country: body.country,
  assetAssetTypes: body.assetAssetTypes.map((row) => ({ assetTypeId: String(row.assetTypeId), percentage: String(row.percentage) })),
  area: numberText(body.area, language),
  energy: Object.fromEntries(ENERGY_CARRIERS.map((c) => [c, numberText(body.energy[c], language)])) as Record<EnergyCarrier, string>,
});

/**
 * What the form sends: numbers read in the user's locale; an empty area is missing, an empty carrier is left out
 * (core counts it 0); a text that is no number stays NaN, so that core's check refuses it.
 */
export const strandingPayload = (values: StrandingFormValues, language: Language): Record<string, unknown> => {
  const energy: Record<string, number> = {};
  for (const carrier of ENERGY_CARRIERS) {
    const value = numberOf(values.energy[carrier], language);
    if (value !== null) energy[carrier] = value;
  }
  return {
    reportingYear: values.reportingYear === null ? undefined : Number(values.reportingYear),
    country: values.country ?? undefined,
    assetAssetTypes: shareRows(values.assetAssetTypes, language),
    area: numberOf(values.area, language) ?? undefined,
    energy,
  };
};

export type StrandingCheck = { ok: true; body: StrandingAsset } | { ok: false; errors: Record<string, string> };

/**
 * Checks the form with the rule the server applies (core's parseStrandingBody: its field errors, paths such as
 * `energy.gas` and `assetAssetTypes.1.percentage`, with core's texts); the first error of a field wins.
 */
export const checkStranding = (values: StrandingFormValues, language: Language, translate: Translate): StrandingCheck => {
  const payload = strandingPayload(values, language);
  const parsed = parseStrandingBody(payload);
  if (E.isRight(parsed)) return { ok: true, body: parsed.right };
  const errors = fieldErrorTexts(parsed.left, translate);
  if (values.area.trim() === '') errors.area = translate('validation-required', {});
  return { ok: false, errors };
};

/** Field errors `{ path, key }` (core's or the server's `fields`) as the texts shown under the fields. */
export const fieldErrorTexts = (fields: readonly { path: string; key: string; message?: string }[], translate: Translate): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const path = field.path === '' ? 'form' : field.path;
    if (path in errors) continue;
    errors[path] = isMessageKey(field.key) ? translate(field.key, {}) : (field.message ?? translate('validation-generic', {}));
  }
  return errors;
};

/** The typed numbers rewritten for another language (the user switched it while trying figures). */
export const relocalisedStranding = (values: StrandingFormValues, from: Language, to: Language): StrandingFormValues => {
  if (from === to) return values;
  return {
    ...values,
    area: relocaliseNumberText(values.area, from, to),
    energy: Object.fromEntries(ENERGY_CARRIERS.map((c) => [c, relocaliseNumberText(values.energy[c], from, to)])) as Record<EnergyCarrier, string>,
    assetAssetTypes: values.assetAssetTypes.map((row) => ({ ...row, percentage: relocaliseNumberText(row.percentage, from, to) })),
  };
};
