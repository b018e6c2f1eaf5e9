import { useState } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { changeReportingYear, type AssetRef } from './answering-api.ts';
import { useActionErrorText } from './questionnaire-dialogs.tsx';

/**
 * Changing the reporting year on the data tab (DOMAIN.md §5): the year whose consumption the answers give, 2015 up to
 * the year before today. The server logs it and computes the score again, so the stranding years move at once.
 */
export function ReportingYearDialog({ refOf, qid, current, range, onDone, onClose }: {
  refOf: AssetRef;
  qid: number;
  current: number;
  range: { from: number; to: number };
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const actionErrorText = useActionErrorText();
  const [year, setYear] = useState<string | null>(String(current));
  const [pending, setPending] = useState(false);
  const years = Array.from({ length: Math.max(0, range.to - range.from + 1) }, (_, i) => String(range.to - i));
  const confirm = async () => {
    if (year === null) return;
    setPending(true);
    try {
      await changeReportingYear(refOf, qid, Number(year));
      notifySuccess(t('answering.reportingYear.done', { year }));
      setPending(false);
      onDone();
    } catch (error) {
      notifyError(actionErrorText(error, 'questionnaire-reporting-year-range'));
      setPending(false);
    }
  };
  return (
    <ConfirmDialog opened title={t('answering.reportingYear.title')} confirmLabel={t('answering.reportingYear.confirm')} pending={pending} onConfirm={() => void confirm()} onClose={onClose}>
      <Stack gap="sm">
        <Text size="sm">{t('answering.reportingYear.text')}</Text>
        <Select
          label={t('answering.fields.reportingYear')}
          data={years}
          value={year}
          onChange={setYear}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
      </Stack>
    </ConfirmDialog>
  );
}
