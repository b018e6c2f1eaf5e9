import fc from 'fast-check';
import { ALL_ROLES, type Role } from '../roles.ts';
import type { AccessSubject } from '../route-access.ts';

/** Any set of roles a user may hold, including none. */
export const roleSet = (): fc.Arbitrary<Role[]> => fc.uniqueArray(fc.constantFrom(...ALL_ROLES), { maxLength: ALL_ROLES.length });

/** A signed-in user as the route rules see them: roles and whether the organisation is a finance partner. */
export const accessSubject = (): fc.Arbitrary<AccessSubject> => fc.record({ roles: roleSet(), orgFinance: fc.boolean() });
