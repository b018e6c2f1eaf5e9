import type { ImportListItem, ImportResult } from '@ecore/core/imports/import-table.ts';
import { ApiError, api, apiPage, buildUrl, type Page } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { getToken } from '../../lib/session.ts';
import { saveBlob } from '../../lib/save-blob.ts';

export type { ImportListItem, ImportResult };

export const fetchImports = (signal: AbortSignal): Promise<Page<ImportListItem>> => apiPage<ImportListItem>('import', { query: { page: 1, pageSize: 10 }, signal });

/** One import of the history, as listed (GET import/{id}). */
export const fetchImport = (id: number, signal: AbortSignal): Promise<ImportListItem> => api.get<ImportListItem>(`import/${id}`, { signal });

/** The answer of a preview or an import: the rows whether it succeeded (200) or a row failed (400). */
export type UploadAnswer = { ok: true; result: ImportResult } | { ok: false; result: ImportResult | null; error: ApiError };

/**
 * Uploads a file (multipart field `file`) to POST import/assets, import/answers or bank/loans/import, reporting the bytes sent: fetch cannot tell upload
 * progress, XMLHttpRequest can. A refusal with rows (400 import-rows-failed) still answers the rows for the preview.
 */
export const uploadImport = (
  file: File,
  dryRun: boolean,
  onProgress: (fraction: number) => void,
  kind: 'assets' | 'answers' | 'loans' = 'assets',
  organisationId?: number,
): Promise<UploadAnswer> =>
  new Promise((resolve) => {
    const request = new XMLHttpRequest();
    // A bank's loan tape goes to its own call (docs/banks.md); objects and answers to the import area's.
    request.open('POST', buildUrl(kind === 'loans' ? 'bank/loans/import' : `import/${kind}`, { dryRun, ...(organisationId !== undefined ? { organisationId } : {}) }));
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept-Language', currentLanguage());
    request.upload.onprogress = (event) => onProgress(event.lengthComputable && event.total > 0 ? event.loaded / event.total : 0);
    request.onload = () => {
      type Body = Partial<ImportResult> & { statusCode?: number; key?: string; message?: string };
      const body = ((): Body | null => {
        try {
          return JSON.parse(request.responseText) as Body;
        } catch {
          return null;
        }
      })();
      onProgress(1);
      if (request.status === 200 && body) return resolve({ ok: true, result: body as ImportResult });
      const result = body && Array.isArray(body.rows) ? (body as ImportResult) : null;
      resolve({ ok: false, result, error: new ApiError(request.status, body?.key ?? 'request-error', body?.message ?? '') });
    };
    request.onerror = () => resolve({ ok: false, result: null, error: new ApiError(0, 'request-error', '') });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });

/** Downloads a file of the import API (template, report) and saves it under the server's name. */
export const downloadImportFile = async (path: string, query: Record<string, string | number>): Promise<void> => {
  const token = getToken();
  const response = await fetch(buildUrl(path, query), { headers: { 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  if (!response.ok) throw new ApiError(response.status, 'request-error', '');
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/i.exec(disposition)?.[1] ?? 'import';
  saveBlob(await response.blob(), name);
};
