import type { Translate } from '../../components/forms/form-errors.ts';

/** The group dialog's values (spec 02 §5 "Object group": name and organisation required). */
export interface GroupFormValues {
  name: string;
  organisationId: string | null;
}

export const GROUP_NAME_MAX = 200;

/** Name required; the organisation only where the user chooses it (account administrators). */
export const groupFormErrors = (values: GroupFormValues, choosesOrganisation: boolean, translate: Translate): Record<string, string> => {
  const errors: Record<string, string> = {};
  const name = values.name.trim();
  if (name === '') errors.name = translate('validation-required', {});
  else if (name.length > GROUP_NAME_MAX) errors.name = translate('validation-max-length', { n: GROUP_NAME_MAX });
  if (choosesOrganisation && (values.organisationId === null || values.organisationId === '')) errors.organisationId = translate('validation-required', {});
  return errors;
};

/**
 * The payload of POST and PUT assetGroup: the chosen organisation for administrators; others send the
 * group's own (editing) or their own (creating), which is what the server gives them anyway.
 */
export const groupPayload = (values: GroupFormValues, choosesOrganisation: boolean, currentOrganisationId: number): { name: string; organisationId: number } => ({
  name: values.name.trim(),
  organisationId: choosesOrganisation && values.organisationId ? Number(values.organisationId) : currentOrganisationId,
});
