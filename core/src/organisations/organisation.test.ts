import { describe, expect, it } from 'vitest';
import { organisationTransitionAllowed } from './organisation.ts';

describe('organisation states (spec 01 §4)', () => {
  it('activates inactive, deactivates active, locks unlocked and unlocks locked organisations', () => {
    expect(organisationTransitionAllowed({ status: 0, locked: false }, 'activate')).toBe(true);
    expect(organisationTransitionAllowed({ status: 1, locked: false }, 'activate')).toBe(false);
    expect(organisationTransitionAllowed({ status: 1, locked: false }, 'deactivate')).toBe(true);
    expect(organisationTransitionAllowed({ status: 1, locked: true }, 'lock')).toBe(false);
    expect(organisationTransitionAllowed({ status: 1, locked: true }, 'unlock')).toBe(true);
  });

  it('never lets an actor block or delete the own organisation', () => {
    for (const action of ['deactivate', 'lock', 'delete'] as const) expect(organisationTransitionAllowed({ status: 1, locked: false }, action, true)).toBe(false);
    expect(organisationTransitionAllowed({ status: 1, locked: true }, 'unlock', true)).toBe(true);
  });
});
