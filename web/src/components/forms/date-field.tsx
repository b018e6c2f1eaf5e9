import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import type { ReactNode } from 'react';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@ecore/core/shared/language.ts';
import { DATE_FORMATS, parseDateText } from './date-text.ts';

/**
 * The one date input of the portal (UI.md "Dialogs and forms"): Mantine's DateInput in the interface
 * language, typed and shown as 'TT.MM.JJJJ' / 'DD/MM/YYYY', with the calendar's month and day names in that
 * language, never the browser's own date input. The value is 'YYYY-MM-DD', or '' for none.
 */
export function DateField({
  label,
  value,
  onChange,
  error,
  onBlur,
  onFocus,
  disabled,
}: {
  label: ReactNode;
  value?: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  onBlur?: () => void;
  onFocus?: () => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'de';
  return (
    <DateInput
      label={label}
      locale={language}
      valueFormat={DATE_FORMATS[language]}
      placeholder={t('common.date.placeholder')}
      dateParser={parseDateText}
      value={value ? value : null}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      onBlur={onBlur}
      onFocus={onFocus}
      disabled={disabled}
      clearable
      firstDayOfWeek={1}
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      popoverProps={{ withinPortal: true }}
      nextLabel={t('common.date.next')}
      previousLabel={t('common.date.previous')}
    />
  );
}
