import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import QRCode from 'qrcode';
import type { Certificate } from '@ecore/core/certificates/certificate.ts';
import { certificateDocument } from '@ecore/core/certificates/document.ts';
import type { Language } from '@ecore/core/shared/language.ts';

// Compiled once per process; Handlebars escapes every value, only the QR code's SVG (made here) goes in raw.
const template = Handlebars.compile(readFileSync(new URL('./certificate.hbs', import.meta.url), 'utf8'), { strict: true });

/** Where the public verification page of a code is (docs/certificates.md). */
export const verificationUrl = (publicUrl: string, code: string): string => `${publicUrl.replace(/\/+$/, '')}/certificate/verify/${code}`;

/** The QR code of the verification address, as inline SVG (no request leaves the browser that prints it). */
export const qrSvg = (url: string): Promise<string> => QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 0, color: { dark: '#173d2cff', light: '#ffffffff' } });

/** The certificate document as HTML in one language (A4 portrait, print CSS), ready for the PDF renderer. */
export async function certificateHtml(cert: Certificate, language: Language, publicUrl: string): Promise<string> {
  const url = verificationUrl(publicUrl, cert.code);
  return template({ ...certificateDocument(cert, language, url), qrSvg: await qrSvg(url) });
}
