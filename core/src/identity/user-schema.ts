import { z } from 'zod';
import { isRole, type Role } from './roles.ts';
import { idParam, idValue, numberChoiceParam, requiredText, text, wholeNumberParam } from '../shared/schemas.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../shared/paging.ts';


/** User names: 3 to 50 letters, digits, dot, underscore, hyphen or @ ('No valid username' otherwise). */
export const USER_NAME_PATTERN = /^[A-Za-z0-9._@-]{3,50}$/;

export const userNameSchema = requiredText(50).regex(USER_NAME_PATTERN, { error: 'validation-username' });
export const emailSchema = requiredText(320).pipe(z.email({ error: 'validation-email' }));

const roleList = z
  .array(z.number().int().refine(isRole, { error: 'validation-generic' }), { error: 'validation-roles' })
  .min(1, { error: 'validation-roles' })
  .transform((roles) => [...new Set(roles)] as Role[]);

const idList = z.array(idValue).max(10_000).default([]);

/** Fields shared by create and edit (spec 01 §3 "User", §5). */
const userFields = {
  firstName: requiredText(),
  lastName: requiredText(),
  position: requiredText(),
  phoneNumber: requiredText(50),
  mobileNumber: z.string().trim().max(50, { error: 'validation-max-length' }).default(''),
  userRoles: roleList,
  external: z.boolean({ error: 'validation-required' }),
  mainContactPerson: z.boolean({ error: 'validation-required' }),
  assetGroups: idList,
  assets: idList,
};

/** POST /api/user: a new user also needs the organisation, a valid e-mail address and a user name. */
export const createUserBodySchema = z.object({
  ...userFields,
  organisationId: idValue,
  organisationName: z.string().trim().max(200).optional(),
  email: emailSchema,
  userName: userNameSchema,
  language: z.enum(['de', 'en']).optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** PUT /api/user: e-mail and user name are fixed after creation; sent values for them are ignored. */
export const editUserBodySchema = z.object({
  ...userFields,
  id: idValue,
  organisationId: idValue.optional(),
  organisationName: text(200).optional(),
  email: text(320).optional(),
  userName: text(100).optional(),
});
export type EditUserBody = z.infer<typeof editUserBodySchema>;

/** The user list filter of spec 01 §2 with its counts. */
export const USER_STATUS_FILTERS = ['all', 'active', 'inactive', 'locked', 'pending'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

/** Query of every paged list (ARCHITECTURE.md "API conventions"). */
/** The page of a list: 1 … 1 000 000. */
export const pageParam = wholeNumberParam(1, 1_000_000);
/** The rows of a page: one of the page sizes (1 … 100 that is none of them: `validation-generic`). */
export const pageSizeParam = numberChoiceParam(PAGE_SIZES, { min: 1, max: 100, otherKey: 'validation-generic' });

export const pageQuerySchema = z.object({
  page: pageParam.prefault(1),
  pageSize: pageSizeParam.prefault(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});

export const userListQuerySchema = pageQuerySchema.extend({
  status: z.enum(USER_STATUS_FILTERS).default('all'),
  organisationId: idParam.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
