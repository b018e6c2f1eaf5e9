import type { Language } from '../shared/language.ts';
import { DATA_QUALITY_SCORES, type PortfolioTotals } from './financed-emissions.ts';
import type { PortfolioLoan } from './loan-list.ts';
import { ALIGNMENTS, NZEB_MARGIN, type Alignment, type TaxonomyRule } from './taxonomy.ts';

/** A sheet of the portfolio workbook: its title, columns (key and header) and rows. */
export interface PortfolioSheet {
  title: string;
  columns: { key: string; header: string }[];
  rows: (string | number | boolean | null)[][];
}

type Words = Record<Language, string>;

const LOAN_COLUMNS: [keyof PortfolioLoan | 'rule' | 'alignment', Words][] = [
  ['loanId', { de: 'Kredit-ID', en: 'Loan ID' }],
  ['objectName', { de: 'Objekt', en: 'Object' }],
  ['externalId', { de: 'Externe ID', en: 'External ID' }],
  ['groupName', { de: 'Objektgruppe', en: 'Object group' }],
  ['outstandingAmount', { de: 'Ausstehender Betrag (EUR)', en: 'Outstanding amount (EUR)' }],
  ['propertyValueAtOrigination', { de: 'Objektwert bei Vergabe (EUR)', en: 'Property value at origination (EUR)' }],
  ['originationDate', { de: 'Vergabedatum', en: 'Origination date' }],
  ['reportingDate', { de: 'Stichtag', en: 'Reporting date' }],
  ['attribution', { de: 'Zurechnungsfaktor', en: 'Attribution' }],
  ['objectEmissions', { de: 'Emissionen des Objekts (t CO2e/a)', en: 'Object emissions (t CO2e/a)' }],
  ['financedEmissions', { de: 'Finanzierte Emissionen (t CO2e/a)', en: 'Financed emissions (t CO2e/a)' }],
  ['dataQualityScore', { de: 'Datenqualität (PCAF)', en: 'Data quality (PCAF)' }],
  ['alignment', { de: 'EU-Taxonomie 7.7', en: 'EU taxonomy 7.7' }],
  ['rule', { de: 'Entscheidende Regel', en: 'Deciding rule' }],
  ['ecoreScore', { de: 'ECORE-Score (%)', en: 'ECORE score (%)' }],
  ['financeScore', { de: 'Finance-Score (%)', en: 'Finance score (%)' }],
  ['labelValid', { de: 'ECORE-Label gültig', en: 'Valid ECORE label' }],
];

export const ALIGNMENT_NAMES: Record<Alignment, Words> = {
  aligned: { de: 'konform', en: 'aligned' },
  notAligned: { de: 'nicht konform', en: 'not aligned' },
  unknown: { de: 'unbekannt', en: 'unknown' },
};

export const RULE_NAMES: Record<TaxonomyRule, Words> = {
  epcMissing: { de: 'kein Energieausweis', en: 'no certificate' },
  epcNotYetValid: { de: 'Energieausweis noch nicht gültig', en: 'certificate not yet valid' },
  epcExpired: { de: 'Energieausweis abgelaufen', en: 'certificate expired' },
  constructionYearMissing: { de: 'Baujahr unbekannt', en: 'construction year unknown' },
  classA: { de: 'Effizienzklasse A oder A+', en: 'class A or A+' },
  top15Percent: { de: 'Top 15 % des Bestands', en: 'top 15 % of the stock' },
  nearlyZeroEnergy: { de: 'Niedrigstenergiegebäude −10 %', en: 'nearly-zero-energy building −10 %' },
  primaryEnergyDemandMissing: { de: 'Primärenergiebedarf fehlt', en: 'primary energy demand missing' },
  thresholdMissing: { de: 'Schwellenwert fehlt', en: 'threshold missing' },
  energyMonitoringMissing: { de: 'Energiemonitoring fehlt', en: 'energy monitoring missing' },
};

const yesNo = (value: boolean, language: Language) => (value ? { de: 'ja', en: 'yes' } : { de: 'nein', en: 'no' })[language];

const loanCell = (loan: PortfolioLoan, key: (typeof LOAN_COLUMNS)[number][0], language: Language): string | number | boolean | null => {
  if (key === 'alignment') return ALIGNMENT_NAMES[loan.taxonomy.result][language];
  if (key === 'rule') return RULE_NAMES[loan.taxonomy.rule][language];
  if (key === 'labelValid') return yesNo(loan.labelValid, language);
  const value = loan[key];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null ? value : null;
};

/**
 * The portfolio as a workbook (DOMAIN.md §11): one sheet of the loans with their figures, one of the totals (with the
 * slices by data quality score and by taxonomy result), and one naming the method and the reference data used.
 */
export const portfolioSheets = (
  loans: readonly PortfolioLoan[],
  totals: PortfolioTotals,
  context: { reportingDate: string | null; referenceData: string; language: Language },
): PortfolioSheet[] => {
  const { language: l } = context;
  const pair = (key: string, de: string, en: string) => ({ key, header: { de, en }[l] });
  const share = (value: number) => Math.round(value * 10_000) / 100;
  const totalRows: (string | number | null)[][] = [
    [{ de: 'Stichtag', en: 'Reporting date' }[l], context.reportingDate],
    [{ de: 'Kredite', en: 'Loans' }[l], totals.loans],
    [{ de: 'Ausstehender Betrag (EUR)', en: 'Outstanding amount (EUR)' }[l], totals.outstandingAmount],
    [{ de: 'Finanzierte Emissionen (t CO2e/a)', en: 'Financed emissions (t CO2e/a)' }[l], totals.financedEmissions],
    [{ de: 'Kredite ohne bekannte Emissionen', en: 'Loans without known emissions' }[l], totals.loansWithoutEmissions],
    [{ de: 'Datenqualität (gewichtet nach ausstehendem Betrag)', en: 'Data quality (weighted by outstanding amount)' }[l], totals.dataQualityScore],
    ...ALIGNMENTS.map((a) => [`${{ de: 'Anteil', en: 'Share' }[l]} ${ALIGNMENT_NAMES[a][l]} (%)`, share(totals.alignmentShares[a])]),
    [{ de: 'Anteil der Kredite auf Objekten mit gültigem ECORE-Label (%)', en: 'Share of loans on objects with a valid ECORE label (%)' }[l], share(totals.validLabelShare)],
    ...DATA_QUALITY_SCORES.map((s) => [`${{ de: 'Finanzierte Emissionen, Datenqualität', en: 'Financed emissions, data quality' }[l]} ${s}`, totals.byDataQuality[s].financedEmissions]),
    ...ALIGNMENTS.map((a) => [`${{ de: 'Finanzierte Emissionen', en: 'Financed emissions' }[l]}, ${ALIGNMENT_NAMES[a][l]}`, totals.byAlignment[a].financedEmissions]),
  ];
  const method = {
    de: [
      'Finanzierte Emissionen nach PCAF-Standard (Immobilienkredite).',
      'Zurechnungsfaktor = min(1, ausstehender Betrag / Objektwert bei Vergabe).',
      'Emissionen des Objekts = CO2-Intensität des Berichtsjahres des letzten abgeschlossenen (sonst letzten) Fragebogens × BGF / 1000.',
      'Datenqualität: 2 gemessene Verbräuche; 3 Endenergiebedarf des Energieausweises × durchschnittliche CO2 je kWh; 4 geschätzte oder berechnete Verbräuche oder nur der Referenzdurchschnitt; 5 keine Fläche.',
      `EU-Taxonomie 7.7 am Stichtag: Baujahr vor 2021 Klasse A/A+ oder Primärenergiebedarf höchstens Top-15-%-Schwelle; ab 2021 höchstens Niedrigstenergie-Schwelle −${NZEB_MARGIN * 100} %; ohne gültigen Energieausweis unbekannt.`,
    ],
    en: [
      'Financed emissions by the PCAF standard (commercial real estate and mortgages).',
      'Attribution = min(1, outstanding amount / property value at origination).',
      "Object emissions = the carbon intensity of the reporting year of the object's latest closed (else latest) questionnaire × gross floor area / 1000.",
      'Data quality: 2 measured consumption; 3 the certificate’s final energy demand × average carbon per kWh; 4 estimated or calculated consumption, or only the reference average; 5 no floor area.',
      `EU taxonomy 7.7 on the reporting date: built before 2021 class A/A+ or primary energy demand at or below the top-15 % threshold; from 2021 at or below the nearly-zero-energy threshold −${NZEB_MARGIN * 100} %; without a valid certificate unknown.`,
    ],
  }[l];
  return [
    { title: { de: 'Kredite', en: 'Loans' }[l], columns: LOAN_COLUMNS.map(([key, words]) => ({ key, header: words[l] })), rows: loans.map((loan) => LOAN_COLUMNS.map(([key]) => loanCell(loan, key, l))) },
    { title: { de: 'Summen', en: 'Totals' }[l], columns: [pair('figure', 'Kennzahl', 'Figure'), pair('value', 'Wert', 'Value')], rows: totalRows },
    {
      title: { de: 'Methode', en: 'Method' }[l],
      columns: [pair('method', 'Methode und Referenzdaten', 'Method and reference data')],
      rows: [...method.map((line) => [line]), [`${{ de: 'Referenzdaten', en: 'Reference data' }[l]}: ${context.referenceData}`]],
    },
  ];
};
