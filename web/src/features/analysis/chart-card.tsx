import { useState, type ReactNode } from 'react';
import { Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A column of a chart's table: its heading and how a row reads in it (numbers right-aligned). */
export interface FigureColumn<Row> {
  label: string;
  value: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * A chart with its "Diagramm / Tabelle" switch (UI.md "Charts … can be shown as a table"): the same rows as the
 * chart, read in a table with the units in the headings.
 */
export function ChartCard<Row>({ title, rows, columns, rowKey, chart, empty, extra }: {
  title: string;
  rows: readonly Row[];
  columns: readonly FigureColumn<Row>[];
  rowKey: (row: Row) => string | number;
  chart: ReactNode;
  empty?: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        {/* At 1024 px three charts share a row: the switch goes under a long title rather than being cut off. */}
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text fw={600} size="sm" component="h3" m={0}>
            {title}
          </Text>
          {rows.length > 0 ? (
            <SegmentedControl
              size="xs"
              aria-label={t('analysis.view.label', { title })}
              value={view}
              onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
              data={[
                { value: 'chart', label: t('analysis.view.chart') },
                { value: 'table', label: t('analysis.view.table') },
              ]}
            />
          ) : null}
        </Group>
        {extra}
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty ?? t('analysis.dashboard.noData')}
          </Text>
        ) : view === 'chart' ? (
          chart
        ) : (
          <Table.ScrollContainer minWidth={280} maxHeight={260}>
            <Table striped withTableBorder stickyHeader aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined}>
                      {c.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {columns.map((c) => (
                      <Table.Td key={c.label} ta={c.numeric ? 'right' : undefined}>
                        {c.value(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
