import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportResult, RowObject, RowStatus } from '@ecore/core/imports/import-table.ts';

/**
 * UI.md "Status and scores": positive green (new), intermediate yellow (changed), neutral grey (unchanged), negative
 * red (failed), work under way blue (groups to create) — the colours of components/status-badge.tsx, whose catalogue
 * demands this page does not share.
 */
export const STATUS_COLOUR: Record<RowStatus, string> = { created: 'green', updated: 'yellow', unchanged: 'gray', failed: 'red' };

/**
 * The object a row is about: its name (a link to the object where `to` is given), and below it its external id and
 * group where the file or the stored object names them.
 */
export function RowObjectCell({ object, to }: { object: RowObject; to?: string }) {
  const details = [object.externalId, object.objectGroup].filter((d): d is string => d !== null && d !== '');
  const name = object.objectName ?? '–';
  return (
    <>
      {to ? (
        <Anchor component={Link} to={to} size="sm" fw={500}>
          {name}
        </Anchor>
      ) : (
        <Text size="sm" fw={500}>
          {name}
        </Text>
      )}
      {details.length > 0 ? (
        <Text size="xs" c="dimmed">
          {details.join(' · ')}
        </Text>
      ) : null}
    </>
  );
}

/** The preview of an import's rows: row, status, the object it is about (name, external id, group), id, errors. */
export function ImportPreviewTable({ rows, label, statusText }: { rows: readonly ImportResult['rows'][number][]; label: string; statusText: (status: RowStatus) => string }) {
  const { t } = useTranslation();
  return (
    <Table striped withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={80}>{t('imports.columns.row')}</Table.Th>
          <Table.Th w={140}>{t('imports.columns.status')}</Table.Th>
          <Table.Th>{t('imports.columns.object')}</Table.Th>
          <Table.Th w={120}>{t('imports.columns.assetId')}</Table.Th>
          <Table.Th>{t('imports.columns.errors')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.row}>
            <Table.Td>{r.row}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOUR[r.status]} variant="light">
                {statusText(r.status)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <RowObjectCell object={r} />
            </Table.Td>
            <Table.Td>{r.assetId ?? '–'}</Table.Td>
            <Table.Td>
              {r.errors.map((e, i) => (
                <Text key={i} size="sm" c="red.8">
                  {e.column}: {e.message}
                </Text>
              ))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
