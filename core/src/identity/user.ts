import type { Role } from './roles.ts';
import type { UserStatus } from './user-status.ts';

/** A user account as the rules see it (spec 01 §3 "User"). */
export interface UserAccount {
  id: number;
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  organisationId: number;
  organisationName: string;
  position: string;
  phoneNumber: string;
  mobileNumber: string;
  roles: Role[];
  external: boolean;
  mainContactPerson: boolean;
  status: UserStatus;
  locked: boolean;
  /** Whether the user has set a password; until then the account cannot be activated. */
  passwordSet: boolean;
  language: 'de' | 'en';
  /** Access list (spec 01 §3): object groups and objects; empty means all. */
  assetGroups: number[];
  assets: number[];
}

/** The organisation facts that travel in the session token. */
export interface OrganisationFlags {
  organisationActive: boolean;
  isTestAccount: boolean;
  isFinancePartner: boolean;
  isBuyer: boolean;
}

/** What sign-in needs beyond the account: the secret and the session version (the failure counters are kept per name). */
export interface Credentials {
  passwordHash: string | null;
  sessionVersion: number;
}

export type SignInUser = UserAccount & { organisation: OrganisationFlags; credentials: Credentials };
