import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { Badge, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notify.ts';
import { downloadImportFile, fetchImport, fetchImports, type ImportListItem } from './imports-api.ts';

/**
 * The newest imports the caller sees (a bank its loan tapes), and the one a link names (`?importId=`, the worklist's
 * link to a failed import) first when newer ones pushed it off the first page.
 */
export function useImportHistory(highlightId: number | null) {
  return useSWR(
    ['import-history', highlightId],
    async () => {
      const signal = new AbortController().signal;
      const page = await fetchImports(signal);
      if (highlightId === null || page.items.some((i) => i.id === highlightId)) return page;
      const named = await fetchImport(highlightId, signal).catch(() => null);
      return named ? { ...page, items: [named, ...page.items] } : page;
    },
    { revalidateOnFocus: false },
  );
}

/**
 * The organisation's earlier imports with their reports (docs/import.md): a failed one (rows failed, nothing stored) is
 * badged and counts its failed rows; its report names each row's errors. `highlightId` (the page's `?importId=`, the
 * worklist's link) marks that entry and scrolls to it.
 */
export function ImportHistory({ history, highlightId }: { history: { data?: Page<ImportListItem>; error?: unknown; isLoading: boolean }; highlightId: number | null }) {
  const { t } = useTranslation();
  const highlighted = useRef<HTMLTableRowElement>(null);
  const shown = history.data?.items.some((i) => i.id === highlightId) ?? false;
  useEffect(() => {
    if (shown) highlighted.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [shown]);

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('imports.page.historyTitle')}
        </Title>
        {history.data && history.data.items.length > 0 ? (
          <Table striped withTableBorder aria-label={t('imports.page.historyTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('imports.columns.when')}</Table.Th>
                <Table.Th>{t('imports.columns.who')}</Table.Th>
                <Table.Th>{t('imports.columns.file')}</Table.Th>
                <Table.Th>{t('imports.columns.counts')}</Table.Th>
                <Table.Th>{t('imports.columns.report')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.items.map((item) => {
                const current = item.id === highlightId;
                return (
                  <Table.Tr
                    key={item.id}
                    ref={current ? highlighted : undefined}
                    aria-current={current ? 'true' : undefined}
                    style={current ? { outline: '2px solid var(--mantine-color-blue-6)', outlineOffset: -2 } : undefined}
                  >
                    <Table.Td>{new Date(item.createdAt).toLocaleString(currentLanguage() === 'de' ? 'de-DE' : 'en-GB')}</Table.Td>
                    <Table.Td>{item.userName}</Table.Td>
                    <Table.Td>
                      {item.fileName} ({t(`imports.kind.${item.kind}`)})
                    </Table.Td>
                    <Table.Td>
                      {item.outcome === 'failed' ? (
                        <Stack gap={4} align="flex-start">
                          <Badge color="red" variant="light">
                            {t('imports.page.outcomeFailed')}
                          </Badge>
                          <Text size="sm">{t('imports.page.failedCounts', { count: item.failed })}</Text>
                        </Stack>
                      ) : (
                        t('imports.page.counts', { created: item.created, updated: item.updated, unchanged: item.unchanged })
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconDownload size={14} aria-hidden="true" />}
                        aria-label={t('imports.page.reportOf', { name: item.fileName })}
                        onClick={() => downloadImportFile(`import/${item.id}/report`, {}).catch(() => notifyError(t('imports.page.downloadError')))}
                      >
                        {t('imports.columns.report')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            {history.error ? t('imports.page.historyError') : history.isLoading ? t('imports.page.loading') : t('imports.page.historyEmpty')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
