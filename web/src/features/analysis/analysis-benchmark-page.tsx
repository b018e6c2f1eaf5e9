import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChartLine, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import useSWR from 'swr';
import { formatScore } from '@ecore/core/scoring/display.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { fetchAssetGroups, fetchAssets } from '../assets/assets-api.ts';
import { groupDashboardPath, objectDashboardPath } from './analysis-api.ts';

const SHOWN = 50;

/**
 * /analysis-benchmark (spec 02 §2 "dashboard/benchmark (choose an object or group, then go to the dashboard)"): the
 * object groups and, in the second tab, the objects the user sees, each opening its dashboard; and the card of the
 * stranding calculator (issue 15).
 */
export function AnalysisBenchmarkPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('object-groups');
  return (
    <>
      <PageHeader />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label={t('analysis.chooser.tabs')}>
          <Tabs.Tab value="object-groups">{t('analysis.chooser.groups')}</Tabs.Tab>
          <Tabs.Tab value="objects">{t('analysis.chooser.objects')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="object-groups" pt="md">
          <Chooser kind="group" />
        </Tabs.Panel>
        <Tabs.Panel value="objects" pt="md">
          <Chooser kind="object" />
        </Tabs.Panel>
      </Tabs>
      <Card withBorder mt="lg" maw={560} component="section" aria-labelledby="stranding-card-title">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconChartLine size={28} aria-hidden="true" />
          <div>
            <Title order={2} size="h4" id="stranding-card-title">
              {t('scoring.calculator.card.title')}
            </Title>
            <Text size="sm" mt={4}>
              {t('scoring.calculator.card.text')}
            </Text>
            <Button component={Link} to="stranding" mt="sm" variant="light">
              {t('scoring.calculator.card.open')}
            </Button>
          </div>
        </Group>
      </Card>
    </>
  );
}

interface Choice {
  id: number;
  name: string;
  detail: string;
  score: number | null;
  path: string;
}

function Chooser({ kind }: { kind: 'group' | 'object' }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = { page: 1, pageSize: SHOWN as 50, search: debounced, filters: {} as Record<string, string> };
  const { data, error, mutate } = useSWR(['analysis/chooser', kind, debounced], async (): Promise<{ items: Choice[]; total: number }> => {
    const signal = new AbortController().signal;
    if (kind === 'group') {
      const page = await fetchAssetGroups(query, signal);
      return { total: page.total, items: page.items.map((g) => ({ id: g.id, name: g.name, detail: g.organisationName, score: g.score, path: groupDashboardPath(g.id) })) };
    }
    const page = await fetchAssets({ ...query, filters: { assetGroupId: '' } }, signal);
    return { total: page.total, items: page.items.map((a) => ({ id: a.id, name: a.name, detail: `${a.assetGroupName} · ${a.city}`, score: a.score, path: objectDashboardPath(a.id) })) };
  });
  return (
    <Stack gap="sm">
      <TextInput
        maw={360}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        placeholder={t(kind === 'group' ? 'analysis.chooser.search' : 'analysis.chooser.searchObjects')}
        aria-label={t(kind === 'group' ? 'analysis.chooser.search' : 'analysis.chooser.searchObjects')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {error && !data ? (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('analysis.chooser.loadError')}</Text>
            <Button size="xs" variant="light" onClick={() => void mutate()}>
              {t('analysis.dashboard.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Table striped withTableBorder aria-label={t(kind === 'group' ? 'analysis.chooser.groups' : 'analysis.chooser.objects')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('analysis.chooser.name')}</Table.Th>
              <Table.Th>{t(kind === 'group' ? 'analysis.chooser.organisation' : 'analysis.chooser.group')}</Table.Th>
              <Table.Th ta="right">{t('analysis.score.ecore')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.items.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>{t('analysis.chooser.empty')}</Table.Td>
              </Table.Tr>
            ) : null}
            {(data?.items ?? []).map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>{c.detail}</Table.Td>
                <Table.Td ta="right">{formatScore(c.score, language)}</Table.Td>
                <Table.Td ta="right">
                  <Button component={Link} to={c.path} size="xs" variant="light" aria-label={t('analysis.chooser.openFor', { name: c.name })}>
                    {t('analysis.chooser.open')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {data && data.total > data.items.length ? (
        <Text size="xs" c="dimmed">
          {t('analysis.chooser.more', { count: data.items.length })}
        </Text>
      ) : null}
    </Stack>
  );
}
