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

/**
 * Who is mailed a reset link on "forgot password": a user who may use the link, is not locked, and
 * whose organisation is active (not deactivated, locked or deleted); the answer is the same for all.
 */
export const mayRequestPasswordReset = (user: { status: UserStatus; locked: boolean; organisationActive: boolean }): boolean =>
  mayUsePasswordLink(user) && !user.locked && user.organisationActive;

export type UserTransition = 'activate' | 'deactivate' | 'lock' | 'unlock' | 'archive';

/**
 * Which state changes a user allows (spec 01 §4): activate an inactive user; deactivate an active or
 * pending one; lock and unlock any user that is not archived; archive (irreversible) any that is not yet.
 * A pending user becomes active only by setting the first password, also after a detour through
 * inactive: activation needs a password that was set.
 */
export const userTransitionAllowed = (user: { status: UserStatus; locked: boolean; passwordSet: boolean }, action: UserTransition, onSelf = false): boolean => {
  if (user.status === UserStatus.Archived) return false;
  // Nobody shuts themselves out: deactivating, locking or archiving one's own account is refused.
  if (onSelf && action !== 'activate' && action !== 'unlock') return false;
  switch (action) {
    case 'activate':
      return user.status === UserStatus.Inactive && user.passwordSet;
    case 'deactivate':
      return user.status === UserStatus.Active || user.status === UserStatus.Pending;
    case 'lock':
      return !user.locked;
    case 'unlock':
      return user.locked;
    case 'archive':
      return true;
  }
};

/** Deactivating, locking or archiving ends the user's sessions (DOMAIN.md §2). */
export const transitionEndsSessions = (action: UserTransition): boolean => action === 'deactivate' || action === 'lock' || action === 'archive';

/** The contact person is informed by e-mail of deactivation, locking and unlocking (spec 01 §4). */
export const transitionInformsContact = (action: UserTransition): boolean => action === 'deactivate' || action === 'lock' || action === 'unlock';
