import { mutate } from 'swr';
import type { CreateUserBody, EditUserBody, UserStatusFilter } from '@ecore/core/identity/user-schema.ts';
import type { UserStatus } from '@ecore/core/identity/user-status.ts';
import type { Contact } from '@ecore/core/organisations/contacts.ts';
import type { Organisation, OrganisationBody } from '@ecore/core/organisations/organisation.ts';
import type { SsoSettings as SsoSettingsAnswer, SsoSettingsBody as SsoSettingsSent } from '@ecore/core/identity/sso.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { ApiError, api, apiPage, buildUrl, isAbortError, type Page, type QueryValue } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { getToken } from '../../lib/session.ts';
import { listQueryToApi, type ListQuery } from '../../components/data-table/list-query.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/** A user as GET /api/user answers it (spec 01 §3 "User"). */
export interface User {
  id: number;
  firstName: string;
  lastName: string;
  organisationId: number;
  organisationName: string;
  position: string;
  email: string;
  userName: string;
  phoneNumber: string;
  mobileNumber: string;
  userRoles: number[];
  external: boolean;
  mainContactPerson: boolean;
  assetGroups: number[];
  assets: number[];
  status: UserStatus;
  locked: boolean;
  passwordSet: boolean;
}

/** An organisation of the list (the full organisation minus billing address and contacts). */
export type OrganisationItem = Omit<Organisation, 'hasDifferentBillingAddress' | 'billingAddress' | 'contacts'>;

export type UserListFilter = 'status' | 'organisationId';
export type OrganisationListFilter = 'kind';

export type UserPage = Page<User> & { counts?: Partial<Record<UserStatusFilter, number>> };

// ---- users

export const fetchUsers = (query: ListQuery<UserListFilter>, signal: AbortSignal): Promise<UserPage> =>
  apiPage<User>('user', { query: listQueryToApi(query), signal });

export const createUser = (body: CreateUserBody) => api.post<User>('user', body);
export const editUser = (body: EditUserBody) => api.put<User>('user', body);

export type UserStateAction = 'activate' | 'deactivate' | 'lock' | 'unlock' | 'archive';

export const changeUserState = (action: UserStateAction, id: number): Promise<void> => {
  switch (action) {
    case 'activate':
      return api.post(`user/activate/${id}`);
    case 'deactivate':
      return api.delete(`user/${id}`);
    case 'lock':
      return api.post(`user/lock/${id}`);
    case 'unlock':
      return api.post(`user/unlock/${id}`);
    case 'archive':
      return api.delete(`user/archive/${id}`);
  }
};

// ---- organisations

/** The organisation list's "kind" filter as the API's query parameters. */
const kindQuery = (kind: string): Record<string, QueryValue> =>
  kind === 'financePartner' ? { isFinancePartner: true } : kind === 'buyer' ? { isBuyerOrganisation: true } : {};

export const fetchOrganisations = (query: ListQuery<OrganisationListFilter>, signal: AbortSignal): Promise<Page<OrganisationItem>> => {
  const { kind, ...rest } = listQueryToApi(query);
  return apiPage<OrganisationItem>('organisations', { query: { ...rest, ...kindQuery(String(kind ?? '')) }, signal });
};

/** Without `page` the API answers every organisation in the caller's scope (for select lists). */
export const fetchAllOrganisations = async (filter: { financePartners?: boolean } = {}): Promise<OrganisationItem[]> => {
  const answer = await api.get<OrganisationItem[] | Page<OrganisationItem>>('organisations', {
    query: filter.financePartners ? { isFinancePartner: true } : {},
  });
  return Array.isArray(answer) ? answer : answer.items;
};

export const fetchOrganisation = (id: number) => api.get<Organisation>(`organisations/${id}`);
export const createOrganisation = (body: OrganisationBody) => api.post<Organisation>('organisations', body);
export const editOrganisation = (body: OrganisationBody & { id: number }) => api.put<Organisation>('organisations', body);
export const saveContacts = (id: number, contacts: Contact[]) => api.put<Organisation>(`organisations/${id}/contacts`, { contacts });

export type OrganisationStateAction = 'activate' | 'deactivate' | 'lock' | 'unlock' | 'delete';

export const changeOrganisationState = (action: OrganisationStateAction, id: number): Promise<void> => {
  switch (action) {
    case 'activate':
      return api.post(`organisations/activate/${id}`);
    case 'deactivate':
      return api.delete(`organisations/${id}`);
    case 'lock':
      return api.post(`organisations/lock/${id}`);
    case 'unlock':
      return api.post(`organisations/unlock/${id}`);
    case 'delete':
      return api.delete(`organisations/delete/${id}`);
  }
};

// ---- access selection (object groups and objects arrive with a later issue)

export interface NamedItem {
  id: number;
  name: string;
}

/** Until objects and groups exist the calls answer 404: then there is nothing to choose (empty means all). */
const itemsOrNone = async (call: Promise<Page<NamedItem>>): Promise<NamedItem[]> => {
  try {
    return (await call).items;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return [];
    throw error;
  }
};

export const fetchAssetGroups = () => itemsOrNone(api.get<Page<NamedItem>>('assetGroup', { query: { page: 1, pageSize: 100 } }));

export const fetchAssetsOfGroups = async (groupIds: readonly number[]): Promise<NamedItem[]> => {
  const lists = await Promise.all(
    groupIds.map((assetGroupId) => itemsOrNone(api.get<Page<NamedItem>>('asset', { query: { assetGroupId, page: 1, pageSize: 100 } }))),
  );
  const byId = new Map<number, NamedItem>();
  for (const item of lists.flat()) byId.set(item.id, item);
  return [...byId.values()];
};

// ---- export

/** Spec 01 §7: exportFormat 0 JSON, 1 CSV, 2 Excel. */
export const EXPORT_FORMATS = { json: 0, csv: 1, excel: 2 } as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

/** The file name of a Content-Disposition header (RFC 6266, with the UTF-8 form preferred). */
export const fileNameFromDisposition = (header: string | null, fallback: string): string => {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : fallback;
};

/**
 * GET /api/export/users as a file: fetched with the bearer token (a plain link would carry none) and
 * saved through a Blob URL under the server's file name.
 */
export const downloadUserExport = async (format: ExportFormat, language: Language, organisationIds: readonly number[]): Promise<void> => {
  const url = buildUrl('export/users', { exportFormat: EXPORT_FORMATS[format], language, Organisations: organisationIds });
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, 'request-error', 'request-error');
  }
  if (!response.ok) throw new ApiError(response.status, 'request-error', 'request-error');
  const blob = await response.blob();
  const extension = format === 'excel' ? 'xlsx' : format;
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition'), `users.${extension}`);
  saveBlob(blob, name);
};

/** SWR keys shared by the dialogs and the lists. */
export const ORGANISATIONS_IN_SCOPE_KEY = 'accounts/organisations/all';
export const ORGANISATION_KEY = 'accounts/organisation';

/** After an organisation changed: the select lists and the cached organisations load again when next used. */
export const forgetOrganisationCaches = async (): Promise<void> => {
  await mutate(
    (key) =>
      key === ORGANISATIONS_IN_SCOPE_KEY ||
      key === 'accounts/organisations/financePartners' ||
      (Array.isArray(key) && key[0] === ORGANISATION_KEY),
    undefined,
    { revalidate: true },
  );
};

/** An organisation's single sign-on as answered (never the client secret) and as sent (without a secret, the stored one stays). */
export type SsoSettings = SsoSettingsAnswer;
export const fetchSsoSettings = (id: number) => api.get<SsoSettings>(`organisations/${id}/sso`);
export const saveSsoSettings = (id: number, body: SsoSettingsSent) => api.put<SsoSettings>(`organisations/${id}/sso`, body);
export const fetchSignInPolicy = (id: number) => api.get<{ requireTotp: boolean }>(`organisations/${id}/signInPolicy`);
export const saveSignInPolicy = (id: number, requireTotp: boolean) => api.put<{ requireTotp: boolean }>(`organisations/${id}/signInPolicy`, { requireTotp });
