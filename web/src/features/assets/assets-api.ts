import type { GroupAsset } from '@ecore/core/object-groups/group.ts';
import type { AssetBody } from '@ecore/core/assets/object.ts';
import type { AssetClass } from '@ecore/core/assets/asset-classes.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { api, apiPage, type Page } from '../../lib/api-client.ts';
import { listQueryToApi, type ListQuery } from '../../components/data-table/list-query.ts';

/** An object of the list (GET /api/asset). */
export interface AssetListItem {
  id: number;
  name: string;
  organisationId: number;
  organisationName: string;
  assetGroupId: number;
  assetGroupName: string;
  isBuyerAsset: boolean;
  /** The state of its questionnaire; null: not started. */
  status: string | null;
  score: number | null;
  /** The latest filled questionnaire's version and progress (issue 13); null while none is started. */
  questionnaireVersion: string | null;
  progress: { answered: number; total: number } | null;
  constructionYear: number | null;
  renovationYear: number | null;
  city: string;
  country: string;
  assetTotalArea: number;
  canEdit: boolean;
}

/** An object as GET /api/asset/{id} answers it (spec 02 §3 "Object"). */
export type Asset = Omit<AssetBody, 'id' | 'version'> & {
  id: number;
  version: number;
  organisationId: number;
  organisationName: string;
  ownerCompany: string;
  createdAt: string;
  createdBy: string | null;
  status: string | null;
  score: number | null;
  canEdit: boolean;
  isBuyerAsset: boolean;
  /** The group's name, where the server adds it (for a group the user may not put objects in). */
  assetGroupName?: string;
};

export interface AssetGroup {
  id: number;
  name: string;
  organisationId: number;
  organisationName: string;
  score: number | null;
  status: string;
  tester: { firstName: string; lastName: string } | null;
  canBeSubmitted: boolean;
  canEdit: boolean;
  assetClassPercentages: { assetClassIdentifier: AssetClass; percentage: number }[];
  assets: GroupAsset[];
}

/** A group the user may put objects in (the object form's select). */
export interface AssetGroupInfo {
  id: number;
  name: string;
  organisationId: number;
  organisationName: string;
}

export interface AccessRequest {
  id: number;
  assetId: number;
  /** Shown only once the owner approved (core buyerViewOfRequest). */
  assetName: string | null;
  ownerOrganisationName: string | null;
  requestedAt: string;
  decision: boolean | null;
  decidedAt: string | null;
}

export interface AccessDecisionAnswer {
  buyerOrganisationName: string;
  assetName: string;
  result: 'DecidedSuccessfully' | 'AlreadyDecided';
  decision: boolean;
}

export type AssetListFilter = 'assetGroupId';
/** The object list's filters: a group, labels expiring within so many days, certificates expiring within 90 days. */
export type AssetObjectsFilter = AssetListFilter | 'labelExpiresWithinDays' | 'epcExpiring';

// ---- objects

export const fetchAssets = <F extends AssetObjectsFilter>(query: ListQuery<F>, signal: AbortSignal): Promise<Page<AssetListItem>> =>
  apiPage<AssetListItem>('asset', { query: listQueryToApi(query), signal });

export const fetchAsset = (id: number, isBuyerAsset: boolean): Promise<Asset> => api.get<Asset>(`asset/${id}`, { query: { isBuyerAsset } });

export const createAsset = (body: AssetBody): Promise<Asset> => api.post<Asset>('asset', body);
export const editAsset = (body: AssetBody & { id: number; version: number }): Promise<Asset> => api.put<Asset>('asset', body);
export const deleteAsset = (id: number, isBuyerAsset: boolean): Promise<void> => api.delete(`asset/${id}`, { query: { isBuyerAsset } });

// ---- object groups

export const fetchAssetGroups = (query: ListQuery, signal: AbortSignal): Promise<Page<AssetGroup>> =>
  apiPage<AssetGroup>('assetGroup', { query: listQueryToApi(query), signal });

export const fetchAssetGroup = (id: number): Promise<AssetGroup> => api.get<AssetGroup>(`assetGroup/${id}`);
/** The SWR key of the groups objects can be put in (refreshed after a group or object changes). */
export const GROUP_INFO_KEY = 'assets/assetGroupInfo';
export const fetchAssetGroupInfo = (): Promise<AssetGroupInfo[]> => api.get<AssetGroupInfo[]>('assetGroup/assetGroupInfo');
export const createAssetGroup = (body: { name: string; organisationId: number }): Promise<AssetGroup> => api.post<AssetGroup>('assetGroup', body);
export const editAssetGroup = (body: { id: number; name: string; organisationId: number }): Promise<AssetGroup> =>
  api.put<AssetGroup>('assetGroup', body);
export const deleteAssetGroup = (id: number): Promise<void> => api.delete(`assetGroup/${id}`);

/** The organisations an account administrator may give a group (GET /api/organisations without paging). */
export const fetchGroupOrganisations = async (): Promise<{ id: number; name: string }[]> => {
  const answer = await api.get<{ items: { id: number; name: string }[] } | { id: number; name: string }[]>('organisations');
  return Array.isArray(answer) ? answer : answer.items;
};

// ---- access requests

/** Asks the owner of an object for access; the notification goes out in `language` (Accept-Language). */
export const requestAssetAccess = (assetId: number, language: Language): Promise<void> =>
  api.post(`asset/${assetId}/requestAssetAccess`, undefined, { language });

export const fetchAccessRequests = (): Promise<AccessRequest[]> => api.get<AccessRequest[]>('asset/accessRequests');

/** A request a buyer organisation made for an object the caller decides for (GET asset/accessRequests/received). */
export interface ReceivedAccessRequest {
  id: number;
  assetId: number;
  assetName: string;
  isBuyerAsset: boolean;
  buyerOrganisationName: string;
  requestedAt: string;
  /** Until when it can be decided; undecided after it, it has expired. */
  expiresAt: string;
  decision: boolean | null;
  decidedAt: string | null;
  /** Open while undecided and unexpired (core requestState, at the server's clock). */
  state: 'open' | 'decided' | 'expired';
}

export const fetchReceivedAccessRequests = (): Promise<ReceivedAccessRequest[]> => api.get<ReceivedAccessRequest[]>('asset/accessRequests/received');

/** The owner's decision inside the portal; it voids the mailed link. */
export const decideReceivedAccessRequest = (id: number, decision: boolean): Promise<AccessDecisionAnswer> =>
  api.post<AccessDecisionAnswer>(`asset/accessRequests/${id}/decision`, { decision });

/** The owner's click on the mailed link: public, no session, and a 401 here must not log anybody out. */
export const decideAccessRequest = (permissionId: number, token: string, decision: boolean): Promise<AccessDecisionAnswer | undefined> =>
  api.post<AccessDecisionAnswer | undefined>(`asset/requestAssetAccess/${permissionId}`, undefined, {
    query: { token, decision },
    auth: false,
    skipUnauthorizedHandler: true,
  });
