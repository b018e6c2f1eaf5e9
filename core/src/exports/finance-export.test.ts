import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvNumber, csvRow, excelRow, jsonRecord, tableHeaders } from './export-table.ts';
import { ASSET_COLUMNS, CUSTOMER_COLUMNS, exportFileName, type ExportAsset } from './finance-export.ts';

const office: ExportAsset = {
  assetId: 7,
  name: '=Bürohaus',
  groupName: 'Finanzierungsobjekte',
  ownerName: 'Käufer Wohnbau GmbH',
  reach: 'buyerAsset',
  country: 'DE',
  zip: '80804',
  city: 'München',
  street: 'Belgradstraße',
  streetNumber: '21',
  constructionYear: 1978,
  renovationYear: null,
  assetTotalArea: 3600.5,
  assetClasses: [{ identifier: 'OFF', percentage: 90 }, { identifier: 'MIX', percentage: 10 }],
  questionnaireVersion: '2025_01',
  state: 'Closed',
  reportingYear: 2025,
  ecoreScore: 61.2549,
  financeScore: 48.04,
  epcClass: 'B',
  epcType: 'consumption',
  epcPrimaryEnergyDemand: 95.5,
  epcFinalEnergyDemand: null,
  epcRegistrationNumber: 'BY-2021-004711',
  epcIssuedAt: '2021-04-01',
  epcValidUntil: '2031-03-31',
};

describe('export rows (issue 17)', () => {
  it('headers are translated, the same columns in both languages', () => {
    expect(tableHeaders(ASSET_COLUMNS, 'de').map((c) => c.header)).toContain('Finanzscore (%)');
    expect(tableHeaders(ASSET_COLUMNS, 'en').map((c) => c.header)).toContain('Finance score (%)');
    expect(tableHeaders(ASSET_COLUMNS, 'de').map((c) => c.key)).toEqual(tableHeaders(ASSET_COLUMNS, 'en').map((c) => c.key));
    expect(tableHeaders(CUSTOMER_COLUMNS, 'en').slice(0, 2).map((c) => c.header)).toEqual(['Organisation ID', 'Buyer / borrower']);
  });

  it('has the certificate: class, kind, primary and final energy demand, registration number, issue and validity', () => {
    expect(tableHeaders(ASSET_COLUMNS, 'de').slice(-7).map((c) => c.header)).toEqual(['Effizienzklasse', 'Art des Ausweises', 'Primärenergiebedarf (kWh/m²a)', 'Endenergiebedarf (kWh/m²a)', 'Registriernummer', 'Ausgestellt am', 'Gültig bis']);
    expect(tableHeaders(ASSET_COLUMNS, 'en').slice(-7).map((c) => c.header)).toEqual(['Efficiency class', 'Kind of certificate', 'Primary energy demand (kWh/m²a)', 'Final energy demand (kWh/m²a)', 'Registration number', 'Issued on', 'Valid until']);
    expect(csvRow(ASSET_COLUMNS, office, 'de').slice(-7)).toEqual(['B', 'Verbrauchsausweis', '95,5', '', 'BY-2021-004711', '2021-04-01', '2031-03-31']);
    expect(csvRow(ASSET_COLUMNS, office, 'en').slice(-6, -4)).toEqual(['Consumption certificate', '95.5']);
    expect(excelRow(ASSET_COLUMNS, office, 'en').slice(-5, -4)).toEqual([95.5]);
    expect(jsonRecord(ASSET_COLUMNS, office)).toMatchObject({ epcClass: 'B', epcType: 'consumption', epcFinalEnergyDemand: null, epcValidUntil: '2031-03-31' });
  });

  it('CSV writes figures with a decimal comma in German and a period in English, states and yes/no translated', () => {
    const de = Object.fromEntries(tableHeaders(ASSET_COLUMNS, 'de').map((c, i) => [c.key, csvRow(ASSET_COLUMNS, office, 'de')[i]]));
    expect(de).toMatchObject({ ecoreScore: '61,3', financeScore: '48', assetTotalArea: '3600,5', state: 'Akzeptiert', verified: 'Ja', renovationYear: '', assetClasses: 'OFF 90 %, MIX 10 %', access: 'Objekt des Käufers' });
    const en = Object.fromEntries(tableHeaders(ASSET_COLUMNS, 'en').map((c, i) => [c.key, csvRow(ASSET_COLUMNS, office, 'en')[i]]));
    expect(en).toMatchObject({ ecoreScore: '61.3', assetTotalArea: '3600.5', state: 'Accepted', verified: 'Yes' });
  });

  it('Excel keeps figures as numbers and neutralises formulas; JSON keeps raw values', () => {
    const cells = excelRow(ASSET_COLUMNS, office, 'en');
    const at = (key: string) => cells[ASSET_COLUMNS.findIndex((c) => c.key === key)];
    expect(at('ecoreScore')).toBe(61.3);
    expect(at('assetTotalArea')).toBe(3600.5);
    expect(at('name')).toBe("'=Bürohaus");
    expect(jsonRecord(ASSET_COLUMNS, office)).toMatchObject({ name: '=Bürohaus', state: 'Closed', verified: true, financeScore: 48, renovationYear: null });
  });

  it('a buyer without objects is one row with empty object cells', () => {
    const row = csvRow(CUSTOMER_COLUMNS, { organisationId: 3, organisationName: 'Käufer', organisationStreet: 'Leopoldstraße 8', organisationZip: '80802', organisationCity: 'München', organisationCountry: 'DE', asset: null }, 'de');
    expect(row.slice(0, 3)).toEqual(['3', 'Käufer', 'Leopoldstraße 8, 80802 München, DE']);
    expect(row.slice(3).every((c) => c === '')).toBe(true);
  });

  it('a German CSV figure reads back as the same number, rounded to two places', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (n) => {
        const text = csvNumber(n, 'de');
        expect(text).not.toContain('.');
        expect(Number(text.replace(',', '.'))).toBeCloseTo(n, 1);
        expect(csvNumber(n, 'en')).toBe(text.replace(',', '.'));
      }),
    );
  });

  it('file names say what they are and carry no characters a header would break on', () => {
    expect(exportFileName('Objekte Käufer "Wohnbau"', '2026-11-24', 'xlsx')).toBe('Objekte_Kaufer_Wohnbau-2026-11-24.xlsx');
  });
});
