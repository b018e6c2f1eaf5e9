import { createUserBodySchema, editUserBodySchema } from '@ecore/core/identity/user-schema.ts';
import {
  mayChooseAccess,
  mayChooseAssets,
  roleAssignmentProblem,
  USER_EDIT_PROBLEM_KEYS,
  userEditProblem,
  type AssigningActor,
  type ManagedUser,
  type ManagingActor,
  type TargetOrganisation,
} from '@ecore/core/identity/role-assignment.ts';
import { isRole, type Role } from '@ecore/core/identity/roles.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { schemaErrors, type Translate } from '../../components/forms/form-errors.ts';
import type { User } from './accounts-api.ts';

/** The user dialog's values; selects work with strings, the payload with numbers. */
export interface UserFormValues {
  firstName: string;
  lastName: string;
  position: string;
  email: string;
  userName: string;
  phoneNumber: string;
  mobileNumber: string;
  organisationId: string | null;
  userRoles: string[];
  external: boolean;
  mainContactPerson: boolean;
  assetGroups: string[];
  assets: string[];
}

const ids = (values: readonly number[]): string[] => values.map(String);
const numbers = (values: readonly string[]): number[] => values.map(Number).filter((n) => Number.isInteger(n));

export const newUserValues = (organisationId: number | null): UserFormValues => ({
  firstName: '',
  lastName: '',
  position: '',
  email: '',
  userName: '',
  phoneNumber: '',
  mobileNumber: '',
  organisationId: organisationId === null ? null : String(organisationId),
  userRoles: [],
  external: false,
  mainContactPerson: false,
  assetGroups: [],
  assets: [],
});

export const userValues = (user: User): UserFormValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  position: user.position,
  email: user.email,
  userName: user.userName,
  phoneNumber: user.phoneNumber,
  mobileNumber: user.mobileNumber,
  organisationId: String(user.organisationId),
  userRoles: ids(user.userRoles),
  external: user.external,
  mainContactPerson: user.mainContactPerson,
  assetGroups: ids(user.assetGroups),
  assets: ids(user.assets),
});

/** The roles as sent: the finance partner's forced roles when the organisation forces them. */
export const chosenRoles = (values: UserFormValues, forced: readonly Role[] | null): Role[] =>
  forced ? [...forced] : numbers(values.userRoles).filter(isRole);

/**
 * Access to object groups and objects is sent only where the access editor allows choosing it
 * (core mayChooseAccess, mayChooseAssets); otherwise it is cleared (spec 01 §5).
 */
export const chosenAccess = (actor: AssigningActor, values: UserFormValues, roles: readonly Role[]) => {
  if (!mayChooseAccess(actor, roles)) return { assetGroups: [], assets: [] };
  const assetGroups = numbers(values.assetGroups);
  return { assetGroups, assets: mayChooseAssets(assetGroups) ? numbers(values.assets) : [] };
};

export interface PayloadContext {
  actor: AssigningActor;
  forced: readonly Role[] | null;
  organisationName: string;
  language: Language;
}

const common = (values: UserFormValues, context: PayloadContext) => {
  const userRoles = chosenRoles(values, context.forced);
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    position: values.position.trim(),
    phoneNumber: values.phoneNumber.trim(),
    mobileNumber: values.mobileNumber.trim(),
    userRoles,
    external: values.external,
    mainContactPerson: values.mainContactPerson,
    ...chosenAccess(context.actor, values, userRoles),
  };
};

/** POST /api/user. */
export const createUserPayload = (values: UserFormValues, context: PayloadContext) => ({
  ...common(values, context),
  organisationId: values.organisationId === null ? undefined : Number(values.organisationId),
  organisationName: context.organisationName,
  email: values.email.trim(),
  userName: values.userName.trim(),
  language: context.language,
});

/** PUT /api/user: e-mail and user name are fixed after creation and not sent. */
export const editUserPayload = (id: number, values: UserFormValues, context: PayloadContext) => ({ id, ...common(values, context) });

/**
 * The dialog's field errors before anything is sent: the core schema of the call (texts of spec 01 §5)
 * and core's role-assignment rule for the chosen organisation (spec 01 §6).
 */
export const userFormErrors = (
  values: UserFormValues,
  context: PayloadContext & { actor: ManagingActor; editing: ManagedUser | null; organisation: TargetOrganisation | null },
  translate: Translate,
): Record<string, string> => {
  const parsed = context.editing
    ? editUserBodySchema.safeParse(editUserPayload(context.editing.id, values, context))
    : createUserBodySchema.safeParse(createUserPayload(values, context));
  const errors = parsed.success ? {} : schemaErrors(parsed.error.issues, translate);
  if (!errors.userRoles && context.organisation) {
    const roles = chosenRoles(values, context.forced);
    const problem = context.editing
      ? userEditProblem(context.actor, context.editing, context.organisation, roles)
      : roleAssignmentProblem(context.actor, context.organisation, roles);
    if (problem) errors.userRoles = translate(USER_EDIT_PROBLEM_KEYS[problem.kind], {});
  }
  return errors;
};
