import type { CertificateCluster, CertificateStatus, SubjectKind, Verification } from '@ecore/core/certificates/certificate.ts';
import { api, ApiError, buildUrl } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { getToken } from '../../lib/session.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/** What a certificate is issued for: a single object or an object group (portfolio). */
export type CertificateSubject = SubjectKind;

/** GET asset/certificate/data?id= and assetGroup/certificate/data?id=: the current certificate, as its PDF shows it. */
export interface CertificateData {
  /** 20 characters, grouped as printed or not (core normaliseCode, formatCode). */
  code: string;
  verificationUrl: string;
  status: CertificateStatus;
  labelName: string;
  questionnaireName: string;
  ownerName: string;
  subjectName: string;
  address: string;
  /** 0–100, unrounded. */
  ecoreScore: number | null;
  financeScore: number | null;
  clusters: CertificateCluster[];
  /** share 0–1 of the taxonomy-relevant questions at full points; null where there is none. */
  taxonomy: { share: number | null; conforms: boolean };
  evaluatedAt: string;
  validUntil: string;
  evaluatorName: string | null;
  testerName: string | null;
  testerOrganisation: string | null;
  issuedAt: string;
  /** The server's answer of core mayDownloadCertificate for the caller. */
  mayDownload: boolean;
}

const base = (subject: CertificateSubject): string => (subject === 'group' ? 'assetGroup/certificate' : 'asset/certificate');

export const certificateDataKey = (subject: CertificateSubject, id: number) => ['certificates/data', subject, id] as const;

export const fetchCertificateData = (subject: CertificateSubject, id: number): Promise<CertificateData> =>
  api.get<CertificateData>(`${base(subject)}/data`, { query: { id } });

/** The file name of a Content-Disposition header (RFC 6266, the UTF-8 form first). */
export const fileNameOf = (header: string | null, fallback: string): string => {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim().replace(/^"|"$/g, ''));
    } catch {
      // a broken encoding: the plain name below
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
};

/** The error of a failed download: the server's key and text; the page words it (spec 02 §8 "try again later"). */
const errorOf = async (response: Response): Promise<ApiError> => {
  try {
    const body = (await response.json()) as { key?: unknown; message?: unknown };
    if (typeof body.key === 'string') return new ApiError(response.status, body.key, typeof body.message === 'string' ? body.message : '');
  } catch {
    // not JSON: the status decides below
  }
  return new ApiError(response.status, 'request-error', '');
};

/**
 * The label as a PDF (GET asset/certificate?id= or assetGroup/certificate?id=), fetched with the session's bearer
 * token in the interface language (a plain link would carry no token) and saved under the server's file name.
 */
export const downloadCertificate = async (subject: CertificateSubject, id: number): Promise<string> => {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(base(subject), { id }), {
      headers: { Accept: 'application/pdf', 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'request-error', '');
  }
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('Content-Disposition'), 'ECORE-Label.pdf');
  saveBlob(blob, name);
  return name;
};

/** The public verification: no session is sent, and a 401 here logs nobody out. */
export const verifyCertificate = (code: string): Promise<Verification> =>
  api.get<Verification>(`certificate/verify/${encodeURIComponent(code)}`, { auth: false, skipUnauthorizedHandler: true });

export const verificationKey = (code: string) => ['certificates/verify', code] as const;
