/** Status enumeration of spec 01 §3. Locked is a separate flag that the user list filters on. */
export const UserStatus = { Inactive: 0, Active: 1, Archived: 2, Pending: 3 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

export interface SignInSubject {
  status: UserStatus;
  locked: boolean;
  organisationActive: boolean;
}

/**
 * Who may sign in with a password: active, unlocked users of an active organisation.
 * A pending user has no password yet; inactive, archived and locked users are blocked.
 */
export const maySignIn = (user: SignInSubject): boolean =>
  user.status === UserStatus.Active && !user.locked && user.organisationActive;

/** A pending user becomes active by setting the first password; others keep their status. */
export const statusAfterPasswordSet = (status: UserStatus): UserStatus =>
  status === UserStatus.Pending ? UserStatus.Active : status;

/** Setting a password through a link is possible for pending and active users only. */
export const mayUsePasswordLink = (user: { status: UserStatus }): boolean =>
  user.status === UserStatus.Pending || user.status === UserStatus.Active;
