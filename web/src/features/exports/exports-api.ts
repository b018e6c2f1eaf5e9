import type { ExportReach } from '@ecore/core/exports/finance-partner-scope.ts';
import { ApiError, apiPage, buildUrl, isAbortError, type Page, type QueryValue } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { getToken } from '../../lib/session.ts';
import { listQueryToApi, type ListQuery } from '../../components/data-table/list-query.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/** An object the finance partner may export (GET export/assets). */
export interface ExportableAsset {
  assetId: number;
  name: string;
  groupName: string;
  ownerName: string;
  reach: ExportReach;
  city: string;
  country: string;
  questionnaireVersion: string | null;
  state: string | null;
  ecoreScore: number | null;
  financeScore: number | null;
}

/** A group holding objects the finance partner may export (GET export/assetGroups). */
export interface ExportableGroup {
  id: number;
  name: string;
  ownerName: string;
  assetCount: number;
}

export const fetchExportableAssets = (query: ListQuery, signal: AbortSignal): Promise<Page<ExportableAsset>> =>
  apiPage<ExportableAsset>('export/assets', { query: listQueryToApi(query), signal });

export const fetchExportableGroups = (query: ListQuery, signal: AbortSignal): Promise<Page<ExportableGroup>> =>
  apiPage<ExportableGroup>('export/assetGroups', { query: listQueryToApi(query), signal });

/** Up to 100 of a group's exportable objects matching a search, for the dialog's choice of a subset. */
export const fetchGroupAssets = (groupId: number, search: string, signal: AbortSignal): Promise<Page<ExportableAsset>> =>
  apiPage<ExportableAsset>('export/assets', { query: { assetGroupId: groupId, page: 1, pageSize: 100, search: search || undefined }, signal });

/** Bytes received so far and, when the server names it, the whole size. */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/** The name the server gave the file (`attachment; filename="…"`), else the fallback. */
export const fileNameOf = (disposition: string | null, fallback: string): string => {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
};

/**
 * Downloads an export and saves it under the server's name, reading the body as it streams in so that the dialog
 * shows the bytes received (of Content-Length when the server sends one; a streamed export usually does not).
 * No 35 s limit: a large export may take longer, and it is visibly progressing; the caller's signal cancels it.
 */
export const downloadExport = async (
  path: string,
  query: Record<string, QueryValue | readonly QueryValue[]>,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<string> => {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      headers: { 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, 'request-error', 'request-error');
  }
  if (!response.ok || !response.body) throw new ApiError(response.status, 'request-error', 'request-error');
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  const name = fileNameOf(response.headers.get('Content-Disposition'), 'export');
  saveBlob(new Blob(chunks as BlobPart[], { type: response.headers.get('Content-Type') ?? 'application/octet-stream' }), name);
  return name;
};
