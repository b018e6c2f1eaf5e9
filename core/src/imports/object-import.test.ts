import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { acceptedShares, nearMisses } from '../assets/arbitraries/asset-class-shares.ts';
import { sharesAccepted } from '../assets/asset-class-shares.ts';
import { assetBodySchema, FEATURE_QUALITIES, HISTORIC_PROTECTIONS, OBJECT_CATEGORIES } from '../assets/object.ts';
import { COUNTRY_CODES } from '../shared/countries.ts';
import { formatLocaleNumber } from '../shared/locale-number.ts';
import { Role } from '../identity/roles.ts';
import { importOrganisation, mayImport } from './import-access.ts';
import { mapHeader, mayCommitImport, previewRows, type Cell } from './import-table.ts';
import { columnOfHeader, OBJECT_COLUMNS, templateHeader, type ObjectColumn } from './object-columns.ts';
import { planObjectImport, type ExistingObject, type PlanContext } from './object-plan.ts';
import { readObjectRow, writeObjectRow, type ObjectRow } from './object-row.ts';

const header = (cells: string[]) => {
  const mapped = mapHeader(cells, columnOfHeader);
  if (E.isLeft(mapped)) throw new Error(mapped.left.key);
  return mapped.right;
};

const read = (cells: Record<string, Cell>, language: 'de' | 'en' = 'de', allowedTypeIds?: number[]): ObjectRow => {
  const names = Object.keys(cells);
  return readObjectRow(1, Object.values(cells), header(names), names, { language, allowedTypeIds });
};

const minimal = { objectName: 'Domblick', objectGroup: 'Köln-Portfolio', country: 'DE', city: 'Köln', zip: '50667', street: 'Domkloster', streetNumber: '4', assetTotalArea: '1.250,5', OFF: '100' };

describe('header row (issue 20)', () => {
  it('takes a column by its API name or its label in either language, without regard to case or blanks', () => {
    for (const name of ['assetTotalArea', 'Bruttogrundfläche (BGF) in m²', ' gross  floor area (GFA) in M² ', '\uFEFFassettotalarea']) expect(header([name])[0]?.key).toBe('assetTotalArea');
  });

  it('refuses an unknown column by its name, a repeated one, and a file without header', () => {
    expect(mapHeader(['objectName', 'Farbe'], columnOfHeader)).toEqual(E.left({ statusCode: 400, key: 'import-unknown-column', params: { column: 'Farbe' } }));
    expect(mapHeader(['objectName', 'Objektname'], columnOfHeader)).toEqual(E.left({ statusCode: 400, key: 'import-duplicate-column', params: { column: 'Objektname' } }));
    expect(mapHeader(['', null], columnOfHeader)).toEqual(E.left({ statusCode: 400, key: 'import-no-header' }));
  });

  it("the template's header names every column once, in both languages", () => {
    for (const language of ['de', 'en'] as const) expect(header(templateHeader(language)).map((c) => c?.key)).toEqual(OBJECT_COLUMNS.map((c) => c.key));
    expect(templateHeader('de')).toContain('Bruttogrundfläche (BGF) in m²');
  });
});

describe('one object row (the form\'s rules, DOMAIN.md §10)', () => {
  it('reads the energy performance certificate, and refuses a validity before its issue or over ten years and an unknown class', () => {
    const epc = { Effizienzklasse: 'a+', 'Art des Ausweises': 'Verbrauchsausweis', 'Endenergiebedarf (kWh/m²a)': '110,5', 'Ausgestellt am': '01.04.2021', 'Gültig bis': '31.03.2031' };
    expect(read({ ...minimal, ...epc }).body).toMatchObject({ epcClass: 'A+', epcType: 'consumption', epcFinalEnergyDemand: 110.5, epcIssuedAt: '2021-04-01', epcValidUntil: '2031-03-31' });
    expect(read(minimal).body).not.toHaveProperty('epcClass', expect.anything());
    expect(read({ ...minimal, ...epc, 'Gültig bis': '01.03.2021' }).problems).toEqual([{ column: 'Gültig bis', key: 'epc-valid-until-before-issue' }]);
    expect(read({ ...minimal, ...epc, 'Gültig bis': '02.04.2031' }).problems).toEqual([{ column: 'Gültig bis', key: 'epc-valid-too-long' }]);
    expect(read({ ...minimal, ...epc, Effizienzklasse: 'A++' }).problems.map((p) => [p.column, p.key])).toEqual([['Effizienzklasse', 'import-unknown-option']]);
  });

  it('reads a German row: decimal comma, umlauts, a country by code, the group by name', () => {
    const row = read(minimal);
    expect(row.problems).toEqual([]);
    expect(row.body).toMatchObject({ objectName: 'Domblick', city: 'Köln', country: 'DE', assetTotalArea: 1250.5, assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], featureQuality: 'Low' });
    expect(row.groupName).toBe('Köln-Portfolio');
  });

  it('reads enumerations by stored name, option text in either language or position, and countries by name', () => {
    const row = read({ ...minimal, featureQuality: 'Hoch', historicProtection: 'facade', conditionsAndEnvironmentGoals: '7', projectStatus: 'LP2 Vorplanung', country: 'Germany' });
    expect(row.body).toMatchObject({ featureQuality: 'High', historicProtection: 'Facade', conditionsAndEnvironmentGoals: 'NewConstructionAndClimateProtection', projectStatus: 'PreliminaryPlanning', country: 'DE' });
  });

  it('refuses shares that do not add up to 100 and says the total', () => {
    expect(read({ ...minimal, OFF: '60', RESI: '30' }).problems).toEqual([{ column: 'assetAssetTypes', key: 'import-shares-total', params: { total: 90 } }]);
  });

  it('refuses an unknown country, text in a number, a negative area, an unknown option', () => {
    expect(read({ ...minimal, country: 'Atlantis' }).problems).toEqual([{ column: 'country', key: 'import-unknown-country', params: { value: 'Atlantis' } }]);
    expect(read({ ...minimal, assetTotalArea: 'groß' }).problems).toEqual([{ column: 'assetTotalArea', key: 'import-not-a-number', params: { value: 'groß' } }]);
    expect(read({ ...minimal, usableArea: '-5' }).problems).toEqual([{ column: 'usableArea', key: 'import-negative-number' }]);
    expect(read({ ...minimal, featureQuality: 'Luxus' }).problems.map((p) => p.key)).toEqual(['import-unknown-option']);
  });

  it('flags a cell starting with = that is not a number, and never evaluates it', () => {
    const row = read({ ...minimal, objectName: '=HYPERLINK("http://evil")' });
    expect(row.problems).toEqual([{ column: 'objectName', key: 'import-formula-text' }]);
    expect(row.body).toBeNull();
  });

  it.each(['+HYPERLINK("http://evil")', '-2+3+cmd|\' /C calc\'!A0', '@SUM(A1:A9)', '\t=1+1', '\r=1+1', '  =1+1', '+49 221 12345', '-'])(
    'flags a text cell starting like a formula: %j',
    (text) => {
      const row = read({ ...minimal, description: text });
      expect(row.problems).toEqual([{ column: 'description', key: 'import-formula-text' }]);
      expect(row.body).toBeNull();
    },
  );

  it('reads a signed number in a numeric column as that number, not as a formula', () => {
    expect(read({ ...minimal, usableArea: '-3.5' }, 'en').problems).toEqual([{ column: 'usableArea', key: 'import-negative-number' }]);
    expect(read({ ...minimal, usableArea: '-3,5' }).problems).toEqual([{ column: 'usableArea', key: 'import-negative-number' }]);
    expect(read({ ...minimal, usableArea: '+A1' }).problems).toEqual([{ column: 'usableArea', key: 'import-formula-text' }]);
    expect(read({ ...minimal, usableArea: '=5' }).problems).toEqual([{ column: 'usableArea', key: 'import-formula-text' }]);
  });

  it('refuses a cell over 10 000 characters', () => {
    expect(read({ ...minimal, description: 'x'.repeat(10_001) }).problems.map((p) => p.key)).toEqual(['import-cell-too-long']);
  });

  it('names missing required fields by their column, and classes a buyer may not choose', () => {
    expect(read({ objectName: 'A', OFF: '100' }).problems.map((p) => `${p.column}:${p.key}`)).toEqual(['country:validation-required', 'city:validation-required', 'zip:validation-required', 'street:validation-required', 'streetNumber:validation-required', 'assetTotalArea:validation-number']);
    expect(read({ ...minimal, OFF: undefined as never, HOT: '100' }, 'de', [1, 11, 12]).problems).toEqual([{ column: 'HOT', key: 'import-unknown-class', params: { value: 'HOT' } }]);
  });
});

/** Objects the form accepts (spec 02 §3, §5). */
const acceptedObject = () =>
  fc.record({
    // A name that starts like a formula is flagged by the import (tested below), though the form takes it.
    objectName: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '' && !/^[=+\-@\t\r]/.test(s.trimStart())).map((s) => s.trim()),
    externalId: fc.option(fc.stringMatching(/^[A-Z]{2}-\d{1,5}$/), { nil: null }),
    country: fc.constantFrom(...COUNTRY_CODES),
    city: fc.constantFrom('Köln', 'München', 'Berlin'),
    zip: fc.stringMatching(/^\d{5}$/),
    street: fc.constantFrom('Hauptstraße', 'Domkloster'),
    streetNumber: fc.stringMatching(/^\d{1,3}[a-c]?$/),
    constructionYear: fc.option(fc.integer({ min: 1000, max: 2100 }), { nil: null }),
    featureQuality: fc.constantFrom(...FEATURE_QUALITIES),
    historicProtection: fc.constantFrom(...HISTORIC_PROTECTIONS),
    conditionsAndEnvironmentGoals: fc.constantFrom(...OBJECT_CATEGORIES),
    assetTotalArea: fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 100),
    usableArea: fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 10),
    rentingPeople: fc.integer({ min: 0, max: 5000 }),
    acceptanceDate: fc.option(fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), { nil: null }),
    assetAssetTypes: acceptedShares(),
  });

/** A row as a person types it in a language: numbers in the locale, enumerations as option texts. */
const typed = (cells: Cell[], language: 'de' | 'en'): Cell[] => cells.map((c) => (typeof c === 'number' ? formatLocaleNumber(c, language, 10) : c));

describe('properties (issue 20 "How it is shown to work")', () => {
  it('a row the import accepts is an object the form accepts, and the other way round (one schema)', () => {
    fc.assert(
      fc.property(acceptedObject(), fc.constantFrom('de' as const, 'en' as const), (object, language) => {
        const fields = assetBodySchema.parse({ ...object, assetGroupId: 1 });
        const cells = typed(writeObjectRow({ id: null, groupName: 'G', fields }, OBJECT_COLUMNS, language), language);
        const row = readObjectRow(1, cells, OBJECT_COLUMNS, templateHeader(language), { language });
        expect(row.problems).toEqual([]);
        const { assetGroupId: _g, id: _i, version: _v, ...expected } = fields;
        expect(row.body).toEqual({ ...expected, assetAssetTypes: [...expected.assetAssetTypes].sort((a, b) => a.assetTypeId - b.assetTypeId) });
      }),
    );
  });

  it('refuses a row exactly where the form refuses its asset-class shares', () => {
    fc.assert(
      fc.property(acceptedObject(), fc.oneof(acceptedShares(), nearMisses()), (object, shares) => {
        const unique = new Set(shares.map((s) => s.assetTypeId)).size === shares.length;
        fc.pre(unique && shares.every((s) => s.percentage >= 0));
        const fields = assetBodySchema.parse({ ...object, assetGroupId: 1 });
        const cells = writeObjectRow({ id: null, groupName: 'G', fields: { ...fields, assetAssetTypes: shares } }, OBJECT_COLUMNS, 'en');
        const row = readObjectRow(1, cells, OBJECT_COLUMNS, templateHeader('en'), { language: 'en' });
        expect(row.problems.length === 0).toBe(sharesAccepted(shares));
      }),
    );
  });

  it('any permutation of the columns reads the same', () => {
    fc.assert(
      fc.property(acceptedObject(), fc.nat(), (object, seed) => {
        const fields = assetBodySchema.parse({ ...object, assetGroupId: 1 });
        const cells = writeObjectRow({ id: null, groupName: 'G', fields }, OBJECT_COLUMNS, 'de');
        const order = OBJECT_COLUMNS.map((_, i) => i).sort((a, b) => ((a * 7919 + seed) % 101) - ((b * 7919 + seed) % 101) || a - b);
        const columns: ObjectColumn[] = order.map((i) => OBJECT_COLUMNS[i]!);
        const shuffled = readObjectRow(1, order.map((i) => cells[i]!), columns, columns.map((c) => c.labels.de), { language: 'de' });
        const straight = readObjectRow(1, cells, OBJECT_COLUMNS, templateHeader('de'), { language: 'de' });
        expect(shuffled).toEqual(straight);
      }),
    );
  });

  it('re-importing the rows of stored objects changes nothing: every row unchanged', () => {
    fc.assert(
      fc.property(fc.array(acceptedObject(), { minLength: 1, maxLength: 5 }), (objects) => {
        const stored: ExistingObject[] = objects.map((o, i) => {
          const { assetGroupId: _g, id: _i, version: _v, ...fields } = assetBodySchema.parse({ ...o, externalId: null, assetGroupId: 1 });
          return { id: i + 1, version: 1, assetGroupId: 7, fields };
        });
        const rows = stored.map((s, i) => readObjectRow(i + 1, writeObjectRow({ id: s.id, groupName: 'Bestand', fields: s.fields }, OBJECT_COLUMNS, 'de'), OBJECT_COLUMNS, templateHeader('de'), { language: 'de' }));
        const plan = planObjectImport(rows, context({ byId: new Map(stored.map((s) => [s.id, s])) }));
        expect(plan.rows.map((r) => r.status)).toEqual(stored.map(() => 'unchanged'));
        expect(plan.groupsToCreate).toEqual([]);
      }),
    );
  });
});

const context = (changes: Partial<PlanContext> = {}): PlanContext => ({
  byExternalId: new Map(),
  byId: new Map(),
  groups: [{ id: 7, name: 'Bestand' }],
  scope: { groupIds: null, assetIds: null },
  headerOf: (key) => key,
  ...changes,
});

describe('the plan: created, updated, unchanged, failed (DOMAIN.md §10)', () => {
  const row = (n: number, cells: Record<string, Cell>) => {
    const names = Object.keys(cells);
    return readObjectRow(n, Object.values(cells), header(names), names, { language: 'de' });
  };

  it('creates a row without a match, and a missing group once for all its rows', () => {
    const plan = planObjectImport([row(1, minimal), row(2, { ...minimal, objectName: 'Zwei' })], context());
    expect(plan.rows.map((r) => r.status)).toEqual(['created', 'created']);
    expect(plan.groupsToCreate).toEqual(['Köln-Portfolio']);
  });

  it('matches on externalId before id, and updates what differs', () => {
    const { assetGroupId: _g, id: _i, version: _v, ...fields } = assetBodySchema.parse({ ...minimal, assetTotalArea: 1000, externalId: 'K-1', assetGroupId: 7, assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }] });
    const stored: ExistingObject = { id: 12, version: 3, assetGroupId: 7, fields };
    const plan = planObjectImport([row(1, { ...minimal, externalId: 'K-1', objectGroup: 'Bestand' })], context({ byExternalId: new Map([['K-1', stored]]) }));
    expect(plan.rows[0]).toMatchObject({ status: 'updated', assetId: 12, version: 3, group: { kind: 'existing', id: 7 } });
  });

  it('refuses an id it cannot change (another organisation\'s, or outside the access list) as not found, never an update', () => {
    expect(planObjectImport([row(1, { ...minimal, id: '99' })], context()).rows[0]).toMatchObject({ status: 'failed', problems: [{ column: 'id', key: 'import-object-not-found', params: { value: 99 } }] });
    const stored: ExistingObject = { id: 12, version: 1, assetGroupId: 7, fields: read(minimal).body! };
    expect(planObjectImport([row(1, { ...minimal, id: '12' })], context({ byId: new Map([[12, stored]]), scope: { groupIds: [8], assetIds: null } })).rows[0]!.status).toBe('failed');
  });

  it('refuses the same externalId twice in one file, in each of the rows', () => {
    const plan = planObjectImport([row(1, { ...minimal, externalId: 'A' }), row(2, { ...minimal, externalId: 'B' }), row(3, { ...minimal, externalId: 'A' })], context());
    expect(plan.rows.map((r) => r.status)).toEqual(['failed', 'created', 'failed']);
    expect(plan.rows[0]!.problems).toEqual([{ column: 'externalId', key: 'import-duplicate-external-id', params: { value: 'A', row: 3 } }]);
  });
});

describe('who imports (DOMAIN.md §10)', () => {
  const actor = (roles: Role[], orgFinance = false) => ({ roles, orgFinance });
  it('objects: ImportAdmin, ObjectAdministrator, AccountAdministrator; answers also ObjectDataCollector; nobody else', () => {
    for (const role of Object.values(Role)) {
      expect(mayImport(actor([role]), 'assets')).toBe(([Role.ImportAdmin, Role.ObjectAdministrator, Role.AccountAdministrator] as Role[]).includes(role));
      expect(mayImport(actor([role]), 'answers')).toBe(([Role.ImportAdmin, Role.ObjectAdministrator, Role.AccountAdministrator, Role.ObjectDataCollector] as Role[]).includes(role));
    }
    expect(mayImport(actor([Role.ObjectAdministrator], true), 'assets')).toBe(false);
  });

  it('only the account administrator names another organisation', () => {
    expect(importOrganisation({ roles: [Role.AccountAdministrator], orgId: 1 }, 5)).toEqual(E.right(5));
    expect(importOrganisation({ roles: [Role.ImportAdmin], orgId: 1 }, undefined)).toEqual(E.right(1));
    expect(importOrganisation({ roles: [Role.ImportAdmin], orgId: 1 }, 5)).toEqual(E.left('forbidden'));
  });
});

describe('the preview screen\'s rules (issue 20)', () => {
  const result = (statuses: ('created' | 'updated' | 'unchanged' | 'failed')[], dryRun = true) => ({
    dryRun,
    failed: statuses.filter((s) => s === 'failed').length,
    rows: statuses.map((status, i) => ({ row: i + 1, status })),
  });

  it('offers "Import N rows" only after a preview without a failed row, with rows to store', () => {
    expect(mayCommitImport(result(['created', 'updated', 'unchanged']))).toBe(true);
    expect(mayCommitImport(result(['created', 'failed']))).toBe(false);
    expect(mayCommitImport(result([]))).toBe(false);
    expect(mayCommitImport(result(['created'], false))).toBe(false);
    expect(mayCommitImport(null)).toBe(false);
  });

  it('"errors only" keeps exactly the failed rows, in their order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('created' as const, 'updated' as const, 'unchanged' as const, 'failed' as const)), (statuses) => {
        const rows = result(statuses).rows;
        expect(previewRows(rows, true)).toEqual(rows.filter((r) => r.status === 'failed'));
        expect(previewRows(rows, false)).toEqual(rows);
      }),
    );
  });
});
