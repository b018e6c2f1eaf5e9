import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mayRequestPasswordReset,
  mayUsePasswordLink,
  statusAfterPasswordSet,
  transitionEndsSessions,
  transitionInformsContact,
  UserStatus,
  userTransitionAllowed,
  type UserTransition,
} from './user-status.ts';

const statuses = [UserStatus.Inactive, UserStatus.Active, UserStatus.Archived, UserStatus.Pending];
const actions: UserTransition[] = ['activate', 'deactivate', 'lock', 'unlock', 'archive'];

describe('user states (spec 01 §4)', () => {
  it('allows no change at all to an archived user (archiving is irreversible)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...actions), fc.boolean(), (action, locked) => {
        expect(userTransitionAllowed({ status: UserStatus.Archived, locked, passwordSet: true }, action)).toBe(false);
      }),
    );
  });

  it('activates only inactive users; a pending user becomes active by setting the first password', () => {
    expect(statuses.filter((status) => userTransitionAllowed({ status, locked: false, passwordSet: true }, 'activate'))).toEqual([UserStatus.Inactive]);
    // A pending user deactivated on the way has still no password: activating it is refused.
    expect(userTransitionAllowed({ status: UserStatus.Inactive, locked: false, passwordSet: false }, 'activate')).toBe(false);
    expect(statusAfterPasswordSet(UserStatus.Pending)).toBe(UserStatus.Active);
    expect(statusAfterPasswordSet(UserStatus.Inactive)).toBe(UserStatus.Inactive);
    expect(mayUsePasswordLink({ status: UserStatus.Archived })).toBe(false);
  });

  it('locks only unlocked users and unlocks only locked ones', () => {
    expect(userTransitionAllowed({ status: UserStatus.Active, locked: false, passwordSet: true }, 'lock')).toBe(true);
    expect(userTransitionAllowed({ status: UserStatus.Active, locked: true, passwordSet: true }, 'lock')).toBe(false);
    expect(userTransitionAllowed({ status: UserStatus.Active, locked: false, passwordSet: true }, 'unlock')).toBe(false);
  });

  it('never lets users deactivate, lock or archive themselves', () => {
    fc.assert(
      fc.property(fc.constantFrom(UserStatus.Active, UserStatus.Pending, UserStatus.Inactive), fc.boolean(), fc.constantFrom<UserTransition>('deactivate', 'lock', 'archive'), (status, locked, action) => {
        expect(userTransitionAllowed({ status, locked, passwordSet: true }, action, true)).toBe(false);
      }),
    );
  });

  it('ends the sessions on deactivating, locking and archiving, not on activating or unlocking', () => {
    expect(actions.filter(transitionEndsSessions)).toEqual(['deactivate', 'lock', 'archive']);
  });

  it('mails a reset link only to active or pending, unlocked users of an active organisation', () => {
    const ok = { status: UserStatus.Active, locked: false, organisationActive: true };
    expect(mayRequestPasswordReset(ok)).toBe(true);
    expect(mayRequestPasswordReset({ ...ok, status: UserStatus.Pending })).toBe(true);
    expect(mayRequestPasswordReset({ ...ok, organisationActive: false })).toBe(false);
    expect(mayRequestPasswordReset({ ...ok, locked: true })).toBe(false);
    expect(mayRequestPasswordReset({ ...ok, status: UserStatus.Inactive })).toBe(false);
    expect(mayRequestPasswordReset({ ...ok, status: UserStatus.Archived })).toBe(false);
  });
});

/**
 * Spec 01 §4 written out: which actions each kind of user offers, on someone else and on oneself.
 * Pending users have set no password yet; the inactive users of the table have one.
 */
const TRANSITIONS: [string, { status: UserStatus; locked: boolean; passwordSet: boolean }, UserTransition[], UserTransition[]][] = [
  ['an active user', { status: UserStatus.Active, locked: false, passwordSet: true }, ['deactivate', 'lock', 'archive'], []],
  ['a locked active user', { status: UserStatus.Active, locked: true, passwordSet: true }, ['deactivate', 'unlock', 'archive'], ['unlock']],
  ['a pending user', { status: UserStatus.Pending, locked: false, passwordSet: false }, ['deactivate', 'lock', 'archive'], []],
  ['an inactive user with a password', { status: UserStatus.Inactive, locked: false, passwordSet: true }, ['activate', 'lock', 'archive'], ['activate']],
  ['an inactive user who never set a password', { status: UserStatus.Inactive, locked: false, passwordSet: false }, ['lock', 'archive'], []],
  ['a locked inactive user', { status: UserStatus.Inactive, locked: true, passwordSet: true }, ['activate', 'unlock', 'archive'], ['activate', 'unlock']],
  ['an archived user', { status: UserStatus.Archived, locked: false, passwordSet: true }, [], []],
  ['a locked archived user', { status: UserStatus.Archived, locked: true, passwordSet: true }, [], []],
];

describe('the actions a user row offers (spec 01 §4), as a table', () => {
  it.each(TRANSITIONS)('%s: on another user %j, on oneself %j', (_, user, onOther, onSelf) => {
    expect(actions.filter((action) => userTransitionAllowed(user, action))).toEqual(onOther);
    expect(actions.filter((action) => userTransitionAllowed(user, action, true))).toEqual(onSelf);
  });

  it('informs the contact person of deactivating, locking and unlocking only', () => {
    expect(actions.filter(transitionInformsContact)).toEqual(['deactivate', 'lock', 'unlock']);
  });
});
