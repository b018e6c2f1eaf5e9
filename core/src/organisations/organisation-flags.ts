import { Role } from '../identity/roles.ts';

export interface OrganisationFlags {
  isFinancePartner: boolean;
  isBuyer: boolean;
  isTestAccount: boolean;
  isSolutionPartner: boolean;
  financePartnerOrganisationId: number | null;
}

export interface FlagActor {
  roles: readonly Role[];
  orgId: number;
  orgFinance: boolean;
}

export interface FlagControl {
  visible: boolean;
  disabled: boolean;
}

export interface FlagControls {
  isFinancePartner: FlagControl;
  isBuyer: FlagControl;
  isTestAccount: FlagControl;
  isSolutionPartner: FlagControl;
  /** The finance partner a buyer is tied to: shown when buyer is ticked. */
  financePartnerOrganisationId: FlagControl;
}

const isAdmin = (actor: FlagActor) => actor.roles.includes(Role.AccountAdministrator);
/** An account manager of a finance organisation creates only buyer organisations tied to their own. */
const isFinanceAccountManager = (actor: FlagActor) => !isAdmin(actor) && actor.orgFinance && actor.roles.includes(Role.AccountManager);

/**
 * The organisation dialog's checkboxes (spec 01 §5 "Organisation checkboxes", §6):
 * - finance partner and buyer exclude each other and are disabled for non-administrators or when editing;
 * - test account is disabled when finance partner or buyer is ticked or the actor is in a finance
 *   organisation, and shows only for new organisations or those that already are test accounts;
 * - solution partner is disabled for an account manager of a finance organisation;
 * - a buyer picks a finance partner organisation (fixed to the actor's own for a finance account manager).
 */
export const flagControls = (actor: FlagActor, creating: boolean, flags: OrganisationFlags): FlagControls => {
  const partnerLocked = !isAdmin(actor) || !creating;
  return {
    isFinancePartner: { visible: true, disabled: partnerLocked || flags.isBuyer },
    isBuyer: { visible: true, disabled: partnerLocked || flags.isFinancePartner },
    isTestAccount: {
      visible: creating || flags.isTestAccount,
      disabled: flags.isFinancePartner || flags.isBuyer || actor.orgFinance,
    },
    isSolutionPartner: { visible: true, disabled: isFinanceAccountManager(actor) },
    financePartnerOrganisationId: { visible: flags.isBuyer, disabled: isFinanceAccountManager(actor) || !creating },
  };
};

/** The flags a new organisation starts with in the dialog. */
export const initialFlags = (actor: FlagActor): OrganisationFlags =>
  isFinanceAccountManager(actor)
    ? { isFinancePartner: false, isBuyer: true, isTestAccount: false, isSolutionPartner: false, financePartnerOrganisationId: actor.orgId }
    : { isFinancePartner: false, isBuyer: false, isTestAccount: false, isSolutionPartner: false, financePartnerOrganisationId: null };

export type FlagProblem =
  | 'financePartnerAndBuyer'
  | 'partnerFlagsLocked'
  | 'testAccountNotAllowed'
  | 'solutionPartnerLocked'
  | 'financePartnerRequired'
  | 'buyerOfOwnFinancePartnerOnly';

/**
 * Server-side check of the flags a create or edit sends; `previous` is the stored organisation when editing.
 * A forged request that sets a locked flag is refused.
 */
export const flagProblem = (actor: FlagActor, requested: OrganisationFlags, previous: OrganisationFlags | null): FlagProblem | null => {
  const creating = previous === null;
  if (requested.isFinancePartner && requested.isBuyer) return 'financePartnerAndBuyer';
  if (requested.isBuyer && requested.financePartnerOrganisationId === null) return 'financePartnerRequired';
  if (isFinanceAccountManager(actor)) {
    if (creating && (!requested.isBuyer || requested.financePartnerOrganisationId !== actor.orgId)) return 'buyerOfOwnFinancePartnerOnly';
    if (requested.isSolutionPartner !== (previous?.isSolutionPartner ?? false)) return 'solutionPartnerLocked';
  }
  const partnerChanged =
    requested.isFinancePartner !== (previous?.isFinancePartner ?? false) ||
    requested.isBuyer !== (previous?.isBuyer ?? false) ||
    (previous !== null && requested.financePartnerOrganisationId !== previous.financePartnerOrganisationId);
  if (partnerChanged && !(creating && (isAdmin(actor) || isFinanceAccountManager(actor)))) return 'partnerFlagsLocked';
  const testChanged = requested.isTestAccount !== (previous?.isTestAccount ?? false);
  if (testChanged && (requested.isFinancePartner || requested.isBuyer || actor.orgFinance)) return 'testAccountNotAllowed';
  if (requested.isTestAccount && (requested.isFinancePartner || requested.isBuyer)) return 'testAccountNotAllowed';
  // Test account shows only for new organisations or those already test accounts: it can be removed, not added later.
  if (!creating && requested.isTestAccount && !previous.isTestAccount) return 'testAccountNotAllowed';
  return null;
};

export type OrganisationFlag = 'isTestAccount' | 'isFinancePartner' | 'isSolutionPartner' | 'isBuyer';

/**
 * Ticking one checkbox adjusts the others the rules tie to it (spec 01 §5 "Organisation checkboxes"):
 * finance partner and buyer exclude each other, neither goes with a test account, and a partner chosen
 * for a buyer goes when buyer is unticked or finance partner is ticked. Works on any form values that
 * carry the flags (the client keeps the partner id as the select's text).
 */
export const tickFlag = <T extends Omit<OrganisationFlags, 'financePartnerOrganisationId'> & { financePartnerOrganisationId: unknown }>(
  values: T,
  flag: OrganisationFlag,
  on: boolean,
): T => {
  const next = { ...values, [flag]: on };
  if (on && flag === 'isFinancePartner') return { ...next, isBuyer: false, isTestAccount: false, financePartnerOrganisationId: null };
  if (on && flag === 'isBuyer') return { ...next, isFinancePartner: false, isTestAccount: false };
  if (!on && flag === 'isBuyer') return { ...next, financePartnerOrganisationId: null };
  return next;
};
