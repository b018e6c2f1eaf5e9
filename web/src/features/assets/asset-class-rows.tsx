import { ActionIcon, Alert, Button, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { collapseToMainUsage, mainUsage, mayDeleteShareRow, remainingShare, sharesAddUp, shareTotal } from '@ecore/core/assets/asset-class-shares.ts';
import type { AssetType } from '@ecore/core/assets/asset-classes.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { ReadOnlyField } from '../../components/forms/read-only-field.tsx';
import { figure } from './asset-labels.ts';
import { roundedShareText, rowsOfShares, shareRows, type ShareRowValues } from './object-form.ts';

/**
 * The object's asset classes (spec 02 §3, §5): one row per class with its share in percent, rounded on
 * focus out, each class once (a class chosen in one row is disabled in the others), the total exactly 100,
 * delete disabled for a single row, and the mixed-use rule (a usage above 85 % may be recorded alone at
 * 100 %) offered as a hint with a button. Read only, each row is its class and share as values.
 */
export function AssetClassRows({
  rows,
  options,
  errors,
  language,
  readOnly,
  onChange,
}: {
  rows: ShareRowValues[];
  options: readonly AssetType[];
  /** The form's errors: 'assetAssetTypes.{i}.assetTypeId', '….percentage' and 'assetAssetTypes'. */
  errors: Record<string, unknown>;
  language: Language;
  readOnly: boolean;
  onChange: (rows: ShareRowValues[]) => void;
}) {
  const { t } = useTranslation();
  const shares = shareRows(rows, language);
  const main = mainUsage(shares);
  const mainType = options.find((o) => o.id === main);
  const data = options.map((o) => ({
    value: String(o.id),
    label: `${o.assetClassIdentifier} – ${o.name[language]}${o.assetClassIsPilot ? ` (${t('assets.object.shares.pilot')})` : ''}`,
  }));
  const setRow = (index: number, row: Partial<ShareRowValues>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...row } : r)));
  const error = (path: string): string | undefined => (typeof errors[path] === 'string' ? (errors[path] as string) : undefined);
  const total = shareTotal(shares.map((s) => ({ ...s, percentage: Number.isNaN(s.percentage) ? 0 : s.percentage })));
  // Each class once: what another row has chosen cannot be chosen here.
  const rowData = (index: number) => {
    const taken = new Set(rows.filter((r, i) => i !== index && r.assetTypeId !== null).map((r) => r.assetTypeId));
    return data.map((option) => ({ ...option, disabled: taken.has(option.value) }));
  };

  if (readOnly) {
    return (
      <Stack gap="xs">
        {rows.map((row, index) => (
          <Group key={index} gap="sm" wrap="nowrap" grow>
            <ReadOnlyField label={t('assets.object.shares.class', { row: index + 1 })} value={data.find((o) => o.value === row.assetTypeId)?.label ?? row.assetTypeId} />
            <ReadOnlyField label={t('assets.object.shares.percentage', { row: index + 1 })} value={`${row.percentage} %`} />
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      {rows.map((row, index) => {
        const number = index + 1;
        return (
          <Group key={index} align="flex-start" gap="sm" wrap="nowrap">
            <Select
              aria-label={t('assets.object.shares.class', { row: number })}
              placeholder={t('assets.object.shares.choose')}
              data={rowData(index)}
              value={row.assetTypeId}
              onChange={(value) => setRow(index, { assetTypeId: value })}
              error={error(`assetAssetTypes.${index}.assetTypeId`)}
              searchable
              comboboxProps={{ withinPortal: true }}
              style={{ flex: 1 }}
            />
            <TextInput
              aria-label={t('assets.object.shares.percentage', { row: number })}
              inputMode="decimal"
              value={row.percentage}
              onChange={(event) => setRow(index, { percentage: event.currentTarget.value })}
              onBlur={() => setRow(index, { percentage: roundedShareText(row.percentage, language) })}
              rightSection={<Text size="sm" c="dimmed" aria-hidden="true">%</Text>}
              error={error(`assetAssetTypes.${index}.percentage`)}
              w={130}
            />
            <Tooltip label={t('assets.object.shares.remove', { row: number })} withArrow openDelay={300}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('assets.object.shares.remove', { row: number })}
                disabled={!mayDeleteShareRow(shares)}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          disabled={rows.length >= options.length}
          onClick={() => onChange([...rows, { assetTypeId: null, percentage: String(remainingShare(shares.filter((s) => !Number.isNaN(s.percentage)))) }])}
        >
          {t('assets.object.shares.add')}
        </Button>
        <Text size="sm" c={sharesAddUp(total) ? 'dimmed' : 'red'} aria-live="polite">
          {t('assets.object.shares.total', { total: figure(total, language, 2) })}
        </Text>
      </Group>
      {typeof errors.assetAssetTypes === 'string' ? (
        <Alert color="red" variant="light" p="xs" role="alert">
          {errors.assetAssetTypes}
        </Alert>
      ) : null}
      {main !== null && rows.length > 1 ? (
        <Alert color="blue" variant="light" p="xs" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('assets.object.shares.mainUsageHint', { name: mainType ? mainType.name[language] : String(main) })}</Text>
            <Button size="xs" variant="light" onClick={() => onChange(rowsOfShares(collapseToMainUsage(shares)))}>
              {t('assets.object.shares.mainUsageApply')}
            </Button>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
