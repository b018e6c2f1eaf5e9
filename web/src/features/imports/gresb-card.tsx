import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { GRESB_FIRST_YEAR, GRESB_LAST_YEAR } from '@ecore/core/reporting/gresb-read.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notify.ts';
import { fetchAssetGroupInfo, GROUP_INFO_KEY } from '../assets/assets-api.ts';
import { downloadImportFile } from './imports-api.ts';

const YEARS = Array.from({ length: GRESB_LAST_YEAR - GRESB_FIRST_YEAR + 1 }, (_, i) => String(GRESB_LAST_YEAR - i));

/**
 * GRESB asset data of a group (issue 41, docs/gresb.md): choose the group and the reporting year (none: each object's
 * latest questionnaire) and download GET /api/export/gresb as Excel or CSV. A GRESB file imports through "Objects".
 */
export function GresbCard() {
  const { t } = useTranslation();
  const groups = useSWR(GROUP_INFO_KEY, fetchAssetGroupInfo, { revalidateOnFocus: false });
  const [groupId, setGroupId] = useState<string | null>(null);
  const [year, setYear] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const group = groups.data?.find((g) => String(g.id) === groupId) ?? null;

  const download = (format: 'xlsx' | 'csv') => {
    if (!group) return;
    setPending(true);
    const query: Record<string, string | number> = { assetGroupId: group.id, organisationId: group.organisationId, format, language: currentLanguage(), ...(year ? { year: Number(year) } : {}) };
    downloadImportFile('export/gresb', query)
      .catch(() => notifyError(t('imports.gresb.downloadError')))
      .finally(() => setPending(false));
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('imports.gresb.title')}
        </Title>
        <Text size="sm">{t('imports.gresb.text')}</Text>
        <Group gap="sm" align="flex-end">
          <Select
            label={t('imports.gresb.group')}
            placeholder={t('imports.page.groupPlaceholder')}
            data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={groupId}
            onChange={setGroupId}
            searchable
            w={360}
          />
          <Select label={t('imports.gresb.year')} placeholder={t('imports.gresb.latest')} data={YEARS} value={year} onChange={setYear} clearable w={200} />
        </Group>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={() => download('xlsx')} disabled={!group || pending}>
            {t('imports.gresb.excel')}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={() => download('csv')} disabled={!group || pending}>
            {t('imports.gresb.csv')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
