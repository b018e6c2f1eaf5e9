import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import type { AssetQuestionnaireState } from './answers.ts';
import { SUBMITTABLE_STATES } from './submission.ts';

/** Attachments are PDF and JPG only, at most 10 MB (spec 02 §5, §9); read as 10 MiB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export type DocumentKind = 'pdf' | 'jpg';

/** How many leading bytes `documentKind` needs to see. */
export const DOCUMENT_MAGIC_LENGTH = 5;

export const DOCUMENT_CONTENT_TYPES: Record<DocumentKind, string> = { pdf: 'application/pdf', jpg: 'image/jpeg' };

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const JPG_MAGIC = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/**
 * What an uploaded file is, by its first bytes, never by its name or the content type the browser claims:
 * a PDF starts with `%PDF-`, a JPG with FF D8 FF. Anything else, an empty file, and anything above
 * `MAX_DOCUMENT_BYTES` is 'document-invalid' ('Either the file size is too big or the format is wrong').
 */
export const documentKind = (firstBytes: Uint8Array, size: number): Either<'document-invalid', DocumentKind> => {
  if (!Number.isFinite(size) || size <= 0 || size > MAX_DOCUMENT_BYTES) return E.left('document-invalid');
  if (startsWith(firstBytes, PDF_MAGIC)) return E.right('pdf');
  if (startsWith(firstBytes, JPG_MAGIC)) return E.right('jpg');
  return E.left('document-invalid');
};

/** The types a browser shows without risk, which a user may ask to view in the browser (`?inline=true`). */
const SHOWN_INLINE = new Set(['application/pdf', 'image/png', 'image/jpeg']);

/**
 * How a stored file goes out: as a download (`attachment`), unless the user asks to view it (`inline`) and its type is
 * one a browser shows without risk (PDF, PNG, JPEG). An uploaded name never decides it.
 */
export const dispositionOf = (contentType: string, viewRequested: boolean): 'inline' | 'attachment' =>
  viewRequested && SHOWN_INLINE.has(contentType.toLowerCase()) ? 'inline' : 'attachment';

/**
 * The `Content-Disposition` of a file sent back (a download unless `inline`, with its name): the name without path,
 * control characters or quotes in the plain `filename`, and in full, percent-encoded, in `filename*` (RFC 6266), so
 * that no name can break the header.
 */
export const contentDisposition = (fileName: string, disposition: 'inline' | 'attachment' = 'attachment'): string => {
  const base =
    fileName
      .split(/[\\/]/)
      .pop()!
      .replace(/\p{Cc}/gu, '')
      // A lone surrogate cannot be percent-encoded (encodeURIComponent throws).
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '_')
      .trim() || 'document';
  const ascii = base.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(base).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

/**
 * Whether documents of answers may be uploaded or deleted in a state: while the customer works on the
 * questionnaire, that is in the states it is submitted from (Active, Declined, and Verification, where the
 * tester asked for exactly these documents). In review, evaluation and after closing the evidence stays as it was.
 */
export const mayChangeDocuments = (state: AssetQuestionnaireState): boolean => SUBMITTABLE_STATES.includes(state);
