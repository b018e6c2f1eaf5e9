import {
  initialShares,
  roundShare,
  shareProblemKey,
  shareProblems,
  type AssetClassShare,
} from '@ecore/core/assets/asset-class-shares.ts';
import { OBJECT_DEFAULTS, assetBodySchema, type AssetBody } from '@ecore/core/assets/object.ts';
import { NO_EPC, epcAfter, epcProblems } from '@ecore/core/banks/epc.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { schemaErrors, type Translate } from '../../components/forms/form-errors.ts';
import type { Asset, AssetGroupInfo } from './assets-api.ts';
import { numberOf, numberText, relocaliseNumberText } from './locale-number.ts';

/** One asset-class row as the form holds it: the select's value and the typed share. */
export interface ShareRowValues {
  assetTypeId: string | null;
  percentage: string;
}

/**
 * The object form's values (spec 02 §3 "Object"): selects hold strings or null, numbers the text as
 * typed in the user's locale, dates 'YYYY-MM-DD' or ''.
 */
export interface ObjectFormValues {
  objectName: string;
  /** The owner's own reference, on which imports match (issue 20). */
  externalId: string;
  assetGroupId: string | null;
  country: string | null;
  city: string;
  zip: string;
  street: string;
  streetNumber: string;
  constructionYear: string | null;
  renovationYear: string | null;
  featureQuality: string;
  assetTotalArea: string;
  usableArea: string;
  rentingPeople: string;
  historicProtection: string;
  ipms2: string;
  conditionsAndEnvironmentGoals: string | null;
  conditionedArea: string;
  projectCharacteristics: string | null;
  projectStatus: string | null;
  determinationStartDate: string;
  acceptanceDate: string;
  handoverDate: string;
  planningPermissionDate: string;
  netRoomArea: string;
  rentalArea: string;
  description: string;
  assetAssetTypes: ShareRowValues[];
  /** The energy performance certificate (DOMAIN.md §11): selects, numbers as typed, dates 'YYYY-MM-DD' or ''. */
  epcClass: string | null;
  epcType: string | null;
  epcPrimaryEnergyDemand: string;
  epcFinalEnergyDemand: string;
  epcRegistrationNumber: string;
  epcIssuedAt: string;
  epcValidUntil: string;
  largeNonResidential: boolean;
  energyMonitoring: boolean;
}

export const EPC_NUMBER_FIELDS = ['epcPrimaryEnergyDemand', 'epcFinalEnergyDemand'] as const;
export const EPC_DATE_FIELDS = ['epcIssuedAt', 'epcValidUntil'] as const;

const NO_EPC_VALUES = {
  epcClass: null,
  epcType: null,
  epcPrimaryEnergyDemand: '',
  epcFinalEnergyDemand: '',
  epcRegistrationNumber: '',
  epcIssuedAt: '',
  epcValidUntil: '',
  largeNonResidential: false,
  energyMonitoring: false,
};

const optionalNumberText = (value: number | null, language: Language) => (value === null ? '' : numberText(value, language));

export const NUMBER_FIELDS = ['assetTotalArea', 'usableArea', 'rentingPeople', 'ipms2', 'conditionedArea', 'netRoomArea', 'rentalArea'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];
/** Optional numbers default to 0 (spec 02 §3). */
const OPTIONAL_NUMBER_FIELDS = NUMBER_FIELDS.filter((f) => f !== 'assetTotalArea');
export const DATE_FIELDS = ['determinationStartDate', 'acceptanceDate', 'handoverDate', 'planningPermissionDate'] as const;

const shareRowValues = (share: AssetClassShare): ShareRowValues => ({ assetTypeId: String(share.assetTypeId), percentage: String(share.percentage) });

/** A new object: the spec's defaults, the group chosen from its row (or none), one class row at 100 %. */
export const newObjectValues = (assetGroupId: number | null, firstTypeId: number, language: Language): ObjectFormValues => ({
  objectName: '',
  externalId: '',
  assetGroupId: assetGroupId === null ? null : String(assetGroupId),
  country: null,
  city: '',
  zip: '',
  street: '',
  streetNumber: '',
  constructionYear: null,
  renovationYear: null,
  featureQuality: OBJECT_DEFAULTS.featureQuality,
  assetTotalArea: '',
  ...(Object.fromEntries(OPTIONAL_NUMBER_FIELDS.map((f) => [f, numberText(0, language)])) as Record<Exclude<NumberField, 'assetTotalArea'>, string>),
  historicProtection: OBJECT_DEFAULTS.historicProtection,
  conditionsAndEnvironmentGoals: OBJECT_DEFAULTS.conditionsAndEnvironmentGoals,
  projectCharacteristics: null,
  projectStatus: null,
  determinationStartDate: '',
  acceptanceDate: '',
  handoverDate: '',
  planningPermissionDate: '',
  description: '',
  assetAssetTypes: initialShares(firstTypeId).map(shareRowValues),
  ...NO_EPC_VALUES,
});

const yearText = (year: number | null): string | null => (year === null ? null : String(year));

/** The form's values of a stored object, numbers written for the user's locale. */
export const objectValues = (asset: Asset, language: Language): ObjectFormValues => ({
  objectName: asset.objectName,
  externalId: asset.externalId ?? '',
  assetGroupId: String(asset.assetGroupId),
  country: asset.country || null,
  city: asset.city,
  zip: asset.zip,
  street: asset.street,
  streetNumber: asset.streetNumber,
  constructionYear: yearText(asset.constructionYear),
  renovationYear: yearText(asset.renovationYear),
  featureQuality: asset.featureQuality ?? OBJECT_DEFAULTS.featureQuality,
  assetTotalArea: numberText(asset.assetTotalArea, language),
  usableArea: numberText(asset.usableArea, language),
  rentingPeople: numberText(asset.rentingPeople, language),
  historicProtection: asset.historicProtection ?? OBJECT_DEFAULTS.historicProtection,
  ipms2: numberText(asset.ipms2, language),
  conditionsAndEnvironmentGoals: asset.conditionsAndEnvironmentGoals ?? OBJECT_DEFAULTS.conditionsAndEnvironmentGoals,
  conditionedArea: numberText(asset.conditionedArea, language),
  projectCharacteristics: asset.projectCharacteristics ?? null,
  projectStatus: asset.projectStatus ?? null,
  determinationStartDate: asset.determinationStartDate ?? '',
  acceptanceDate: asset.acceptanceDate ?? '',
  handoverDate: asset.handoverDate ?? '',
  planningPermissionDate: asset.planningPermissionDate ?? '',
  netRoomArea: numberText(asset.netRoomArea, language),
  rentalArea: numberText(asset.rentalArea, language),
  description: asset.description ?? '',
  assetAssetTypes: asset.assetAssetTypes.map(shareRowValues),
  epcClass: asset.epcClass ?? null,
  epcType: asset.epcType ?? null,
  epcPrimaryEnergyDemand: optionalNumberText(asset.epcPrimaryEnergyDemand ?? null, language),
  epcFinalEnergyDemand: optionalNumberText(asset.epcFinalEnergyDemand ?? null, language),
  epcRegistrationNumber: asset.epcRegistrationNumber ?? '',
  epcIssuedAt: asset.epcIssuedAt ?? '',
  epcValidUntil: asset.epcValidUntil ?? '',
  largeNonResidential: asset.largeNonResidential ?? false,
  energyMonitoring: asset.energyMonitoring ?? false,
});

const idOf = (value: string | null): number | null => (value === null || value === '' ? null : Number(value));
const dateOf = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The asset-class rows as core's rules read them: a missing class is 0 (no class), a share that is no number NaN. */
export const shareRows = (rows: readonly ShareRowValues[], language: Language): AssetClassShare[] =>
  rows.map((row) => ({ assetTypeId: idOf(row.assetTypeId) ?? 0, percentage: numberOf(row.percentage, language) ?? Number.NaN }));

/** The form's rows from shares (after the mixed-use rule was applied). */
export const rowsOfShares = (shares: readonly AssetClassShare[]): ShareRowValues[] => shares.map(shareRowValues);

/**
 * The payload of POST and PUT asset as typed, before the check: empty numbers null (the schema makes
 * optional ones 0), numbers that cannot be read NaN (the schema refuses them with 'validation-number').
 */
export const objectPayload = (values: ObjectFormValues, language: Language, isBuyerAsset: boolean): Record<string, unknown> => ({
  objectName: values.objectName,
  externalId: values.externalId.trim() === '' ? null : values.externalId,
  assetGroupId: idOf(values.assetGroupId),
  isBuyerAsset,
  country: values.country,
  city: values.city,
  zip: values.zip,
  street: values.street,
  streetNumber: values.streetNumber,
  constructionYear: idOf(values.constructionYear),
  renovationYear: idOf(values.renovationYear),
  featureQuality: values.featureQuality,
  ...Object.fromEntries(NUMBER_FIELDS.map((f) => [f, numberOf(values[f], language)])),
  historicProtection: values.historicProtection,
  conditionsAndEnvironmentGoals: values.conditionsAndEnvironmentGoals,
  projectCharacteristics: values.projectCharacteristics,
  projectStatus: values.projectStatus,
  ...Object.fromEntries(DATE_FIELDS.map((f) => [f, dateOf(values[f])])),
  description: values.description.trim() === '' ? null : values.description,
  assetAssetTypes: shareRows(values.assetAssetTypes, language),
  epcClass: values.epcClass,
  epcType: values.epcType,
  ...Object.fromEntries(EPC_NUMBER_FIELDS.map((f) => [f, numberOf(values[f], language)])),
  epcRegistrationNumber: values.epcRegistrationNumber.trim() === '' ? null : values.epcRegistrationNumber,
  ...Object.fromEntries(EPC_DATE_FIELDS.map((f) => [f, dateOf(values[f])])),
  largeNonResidential: values.largeNonResidential,
  energyMonitoring: values.energyMonitoring,
});

export type ObjectCheck = { ok: true; body: AssetBody } | { ok: false; errors: Record<string, string> };

/**
 * Checks the form with the rules the server applies: core's assetBodySchema for the fields, core's
 * shareProblems for the asset-class rows (each class once, 1–100, total exactly 100, classes the user
 * may choose). Errors are keyed by the form's paths ('assetAssetTypes.1.assetTypeId'); problems of the
 * rows as a whole under 'assetAssetTypes'.
 */
export const checkObject = (
  values: ObjectFormValues,
  context: { language: Language; isBuyerAsset: boolean; allowedTypeIds: readonly number[] },
  translate: Translate,
): ObjectCheck => {
  const payload = objectPayload(values, context.language, context.isBuyerAsset);
  const parsed = assetBodySchema.safeParse(payload);
  const errors: Record<string, string> = parsed.success ? {} : schemaErrors(parsed.error.issues, translate);
  if (values.assetTotalArea.trim() === '') errors.assetTotalArea = translate('validation-required', {});
  for (const problem of shareProblems(shareRows(values.assetAssetTypes, context.language), context.allowedTypeIds)) {
    const text = translate(shareProblemKey(problem), {});
    if (problem.kind === 'classMissing' || problem.kind === 'duplicate') errors[`assetAssetTypes.${problem.row}.assetTypeId`] = text;
    else if (problem.kind === 'percentageRange') errors[`assetAssetTypes.${problem.row}.percentage`] = text;
    else errors.assetAssetTypes = text;
  }
  if (parsed.success) for (const problem of epcProblems(epcAfter(NO_EPC, parsed.data))) errors[problem.path] = translate(problem.key, {});
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
};

/** A share typed as "33,6" becomes 34 on focus out (core roundShare); what is not a number stays for the check. */
export const roundedShareText = (text: string, language: Language): string => {
  const value = numberOf(text, language);
  return value === null || Number.isNaN(value) ? text : String(roundShare(value));
};

/** The typed numbers of the form rewritten for another language (the user switched it while editing). */
export const relocalisedValues = (values: ObjectFormValues, from: Language, to: Language): ObjectFormValues => {
  if (from === to) return values;
  const next: ObjectFormValues = { ...values };
  for (const field of [...NUMBER_FIELDS, ...EPC_NUMBER_FIELDS]) next[field] = relocaliseNumberText(values[field], from, to);
  next.assetAssetTypes = values.assetAssetTypes.map((row) => ({ ...row, percentage: relocaliseNumberText(row.percentage, from, to) }));
  return next;
};

/** The owner company the form shows read-only: the organisation of the chosen group. */
export const ownerCompanyOf = (groups: readonly AssetGroupInfo[], assetGroupId: string | null, fallback = ''): string =>
  groups.find((g) => String(g.id) === assetGroupId)?.organisationName ?? fallback;

/** The years of the year pickers, newest first (the schema allows 1000–2100); a stored year outside stays choosable. */
export const yearOptions = (currentYear: number, keep: readonly (string | null)[] = []): string[] => {
  const years = new Set<number>();
  for (let y = currentYear + 10; y >= 1800; y -= 1) years.add(y);
  for (const k of keep) if (k !== null && /^\d{4}$/.test(k)) years.add(Number(k));
  return [...years].sort((a, b) => b - a).map(String);
};
