import type { OutgoingMail } from '../identity/ports.ts';
import type { Language } from '../shared/language.ts';

const TEXTS: Record<Language, { subject: (asset: string) => string; body: (buyer: string, asset: string, id: number) => string; approve: string; decline: string; validity: string }> = {
  de: {
    subject: (asset) => `ECORE-Portal: Zugriffsanfrage für ${asset}`,
    body: (buyer, asset, id) => `${buyer} bittet um Lesezugriff auf die Daten Ihres Objekts „${asset}“ (Objekt-ID ${id}) im ECORE-Portal.`,
    approve: 'Zugriff gewähren',
    decline: 'Anfrage ablehnen',
    validity: 'Die Links sind 14 Tage gültig; es zählt die erste Entscheidung.',
  },
  en: {
    subject: (asset) => `ECORE portal: access request for ${asset}`,
    body: (buyer, asset, id) => `${buyer} asks for read access to the data of your object "${asset}" (object ID ${id}) in the ECORE portal.`,
    approve: 'Grant access',
    decline: 'Decline request',
    validity: 'The links are valid for 14 days; the first decision counts.',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The mail to an owner's contact with an approve and a decline link (spec 02 §4 "Access request"). */
export const accessRequestMail = (
  language: Language,
  to: string,
  contactName: string,
  request: { buyerOrganisationName: string; assetName: string; assetId: number },
  links: { approve: string; decline: string },
): OutgoingMail => {
  const t = TEXTS[language];
  const greeting = language === 'de' ? `Guten Tag ${contactName},` : `Hello ${contactName},`;
  const body = t.body(request.buyerOrganisationName, request.assetName, request.assetId);
  const text = [greeting, '', body, '', `${t.approve}: ${links.approve}`, `${t.decline}: ${links.decline}`, '', t.validity, '', 'ECORE Portal'].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(links.approve)}">${escapeHtml(t.approve)}</a> · <a href="${escapeHtml(links.decline)}">${escapeHtml(t.decline)}</a></p><p>${escapeHtml(t.validity)}</p><p>ECORE Portal</p>`;
  return { to, subject: t.subject(request.assetName), text, html, link: links.approve };
};
