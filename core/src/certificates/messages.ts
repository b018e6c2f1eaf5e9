/**
 * The texts of certificates (DOMAIN.md §6, spec 02 §3 "Certificate", §8; docs/certificates.md): the refusals and
 * failures of the calls ('try again later' as spec 02 §8 words them) and every label of the certificate document.
 * Merged into MESSAGES.
 */
export const CERTIFICATE_MESSAGES = {
  'certificate-renderer-unavailable': {
    de: 'Das Zertifikat kann gerade nicht als PDF erstellt werden. Bitte versuchen Sie es später erneut.',
    en: 'The certificate cannot be produced as a PDF right now. Please try again later.',
  },
  'certificate-fetch-error': {
    de: 'Das Zertifikat konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
    en: 'The certificate could not be loaded. Please try again later.',
  },
  'certificate-download-error': {
    de: 'Das Label konnte nicht heruntergeladen werden. Bitte versuchen Sie es später erneut.',
    en: 'The label could not be downloaded. Please try again later.',
  },
  'certificate-verify-error': {
    de: 'Der Code konnte nicht geprüft werden. Bitte versuchen Sie es später erneut.',
    en: 'The code could not be checked. Please try again later.',
  },

  // The document (docs/certificates.md "PDF").
  'certificate-title': { de: 'Nachhaltigkeitszertifikat', en: 'Sustainability certificate' },
  'certificate-intro-asset': {
    de: 'Hiermit wird bestätigt, dass das folgende Objekt nach dem ECORE-Bewertungsmodell geprüft und bewertet wurde.',
    en: 'This is to certify that the following object has been reviewed and rated according to the ECORE rating model.',
  },
  'certificate-intro-group': {
    de: 'Hiermit wird bestätigt, dass das folgende Portfolio nach dem ECORE-Bewertungsmodell geprüft und bewertet wurde.',
    en: 'This is to certify that the following portfolio has been reviewed and rated according to the ECORE rating model.',
  },
  'certificate-subject-asset': { de: 'Objekt', en: 'Object' },
  'certificate-subject-group': { de: 'Portfolio', en: 'Portfolio' },
  'certificate-address': { de: 'Adresse', en: 'Address' },
  'certificate-owner': { de: 'Eigentümer', en: 'Owner' },
  'certificate-questionnaire': { de: 'Fragebogenversion', en: 'Questionnaire version' },
  'certificate-score': { de: 'ECORE-Score', en: 'ECORE score' },
  'certificate-finance-score': { de: 'Finanz-Score', en: 'Finance score' },
  'certificate-points': { de: '{score} von 100 Punkten', en: '{score} of 100 points' },
  'certificate-version': { de: 'Fragebogenversion {version}', en: 'Questionnaire version {version}' },
  'certificate-clusters': { de: 'Teilergebnisse der Cluster', en: 'Cluster sub-scores' },
  'certificate-cluster': { de: 'Cluster', en: 'Cluster' },
  'certificate-cluster-score': { de: 'Erfüllung', en: 'Achieved' },
  'certificate-classification': { de: 'Einstufung', en: 'Classification' },
  'certificate-taxonomy': { de: 'EU-Taxonomie-Konformität', en: 'EU taxonomy conformity' },
  'certificate-taxonomy-conforms': { de: 'konform ({share} %)', en: 'conforming ({share} %)' },
  'certificate-taxonomy-not-conforming': { de: 'nicht konform ({share} %)', en: 'not conforming ({share} %)' },
  'certificate-taxonomy-none': { de: 'nicht bewertet', en: 'not assessed' },
  'certificate-evaluated-at': { de: 'Bewertungsdatum', en: 'Evaluation date' },
  'certificate-valid-until': { de: 'Gültig bis', en: 'Valid until' },
  'certificate-evaluator': { de: 'Gutachter', en: 'Evaluator' },
  'certificate-tester': { de: 'Prüfer', en: 'Tester' },
  'certificate-tester-organisation': { de: 'Prüforganisation', en: 'Tester organisation' },
  'certificate-signature': { de: 'Unterschrift', en: 'Signature' },
  'certificate-place-date': { de: 'Ort, Datum', en: 'Place, date' },
  'certificate-code': { de: 'Prüfcode', en: 'Verification code' },
  'certificate-verify-hint': {
    de: 'Die Gültigkeit dieses Zertifikats lässt sich mit dem Prüfcode oder dem QR-Code unter {url} prüfen.',
    en: 'The validity of this certificate can be checked with the verification code or the QR code at {url}.',
  },
  'certificate-issued-at': { de: 'Ausgestellt am', en: 'Issued on' },
  'certificate-status-valid': { de: 'Gültig', en: 'Valid' },
  'certificate-status-expired': { de: 'Abgelaufen', en: 'Expired' },
  'certificate-status-superseded': { de: 'Ersetzt', en: 'Superseded' },
  'certificate-status-unknown': { de: 'Unbekannt', en: 'Unknown' },
} as const;
