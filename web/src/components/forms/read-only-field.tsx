import type { ReactNode } from 'react';
import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Full-contrast text without the frame of an input: a value to read, not a field to fill in. */
const VALUE_STYLES = {
  input: {
    color: 'var(--mantine-color-text)',
    fontWeight: 500,
    cursor: 'default',
    paddingInline: 0,
    opacity: 1,
    borderBottom: '1px dashed var(--mantine-color-gray-3)',
    borderRadius: 0,
  },
} as const;

/**
 * The one way a field that cannot be edited is shown (UI.md "Dialogs and forms"): its label above, its
 * value as legible text, no frame that invites typing and no faint grey. It stays a labelled read-only
 * input for assistive technology and for tests (`getByLabel('E-Mail')` still reads the value). An empty
 * value reads "–"; `multiline` keeps line breaks (descriptions).
 */
export function ReadOnlyField({ label, value, multiline = false }: { label: ReactNode; value: string | number | null | undefined; multiline?: boolean }) {
  const text = value === null || value === undefined || value === '' ? '–' : String(value);
  const common = { label, value: text, readOnly: true, variant: 'unstyled' as const, styles: VALUE_STYLES, 'data-read-only': true, tabIndex: 0 };
  return multiline ? <Textarea {...common} autosize minRows={1} /> : <TextInput {...common} />;
}

/** "Ja" / "Nein" of a read-only yes-no field. */
export function ReadOnlyFlag({ label, checked }: { label: ReactNode; checked: boolean }) {
  const { t } = useTranslation();
  return <ReadOnlyField label={label} value={t(checked ? 'common.yes' : 'common.no')} />;
}
