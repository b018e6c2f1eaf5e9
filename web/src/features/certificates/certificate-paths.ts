import type { CertificateSubject } from './certificates-api.ts';

/** The certificate view of spec 02 §2: /asset-management/download/{assetId}/group/{isGroup}. */
export const certificatePath = (id: number, subject: CertificateSubject): string =>
  `/asset-management/download/${id}/group/${String(subject === 'group')}`;

/** The public verification page of a code (docs/certificates.md); without a code, the page to type one. */
export const verificationPath = (code?: string): string => (code ? `/certificate/verify/${encodeURIComponent(code)}` : '/certificate/verify');

/** The route's segments as a subject and its id; null for anything that is no certificate view. */
export const parseCertificateRoute = (assetId: string | undefined, isGroup: string | undefined): { id: number; subject: CertificateSubject } | null => {
  if (assetId === undefined || !/^\d{1,15}$/.test(assetId) || Number(assetId) <= 0) return null;
  if (isGroup !== 'true' && isGroup !== 'false') return null;
  return { id: Number(assetId), subject: isGroup === 'true' ? 'group' : 'asset' };
};
