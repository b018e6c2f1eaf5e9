import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '@ecore/core/shared/language.ts';
import { changeLanguage } from '../lib/i18n.ts';

/** The language selector of the header: a native select named 'Sprache' / 'Language'. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('shell.header.language')}
      value={i18n.language}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void changeLanguage(value);
      }}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`shell.languages.${language}`) }))}
      size="xs"
      w={110}
    />
  );
}
