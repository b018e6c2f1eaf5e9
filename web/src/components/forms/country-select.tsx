import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '@ecore/core/shared/countries.ts';
import { isLanguage } from '@ecore/core/shared/language.ts';

/**
 * The country field of every form (spec 01 §3; the object's and the organisation's address): core's country
 * list in the interface language, searchable. A language switch shows the chosen country in the new
 * language at once ("Deutschland" becomes "Germany"): the list is core's, no call to wait for, and the
 * select starts afresh with it, so that no text typed or shown in the old language stays in the field.
 */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'de';
  const data = useMemo(() => countryOptions(language).map((c) => ({ value: c.code, label: c.countryName })), [language]);
  return (
    <Select
      key={language}
      searchable
      data={data}
      nothingFoundMessage={t('errors.table-empty')}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
