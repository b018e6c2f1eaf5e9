import { describe, expect, it } from 'vitest';
import { OBJECT_COLUMNS } from '@ecore/core/imports/object-columns.ts';
import deAssets from '../../locales/de/assets.json';
import enAssets from '../../locales/en/assets.json';

const catalogues = { de: deAssets.assets.object, en: enAssets.assets.object };

describe('the import template speaks the object form\'s words (issue 20)', () => {
  it('each field column is headed by the form\'s label in both languages', () => {
    for (const language of ['de', 'en'] as const) {
      const fields = catalogues[language].fields as Record<string, string>;
      for (const column of OBJECT_COLUMNS.filter((c) => c.key in fields)) expect(column.labels[language], column.key).toBe(fields[column.key]);
    }
  });

  it('each enumeration offers the form\'s option texts in both languages', () => {
    for (const language of ['de', 'en'] as const) {
      const options = catalogues[language].options as Record<string, Record<string, string>>;
      for (const column of OBJECT_COLUMNS.filter((c) => c.kind === 'enum'))
        for (const value of column.options ?? []) expect(column.optionLabels?.[value]?.[language], `${column.key}.${value}`).toBe(options[column.key]?.[value]);
    }
  });
});
