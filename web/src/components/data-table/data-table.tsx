import { cloneElement, Fragment, isValidElement, useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, Skeleton, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify.ts';
import type { PagedListState } from './use-paged-list.ts';
import classes from './data-table.module.css';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** A column that must not shrink below this width (status badges, dates). */
  minWidth?: number;
  /**
   * A column that gives way on narrower screens: below 1280 px it is hidden and its value is shown in the row's
   * detail, opened by the toggle at the row's start (or inside the row's own expansion, where the list has one).
   */
  priority?: 'low';
  /**
   * A long text (an e-mail address, a long name) kept on one line and shortened with an ellipsis beyond
   * `maxWidth` px; `text` is the whole text, the cell's tooltip.
   */
  truncate?: { maxWidth: number; text: (row: T) => string };
}

export interface RowSelection<K> {
  selected: readonly K[];
  onChange: (selected: K[]) => void;
  /** The accessible name of a row's checkbox. */
  label: (rowName: string) => string;
}

/** Rows that open in place (UI.md "Lists": groups with their objects), below the row, full width. */
export interface RowExpansion<T, K> {
  expanded: readonly K[];
  onToggle: (key: K) => void;
  /** The accessible name of a row's open/close button. */
  label: (rowName: string) => string;
  render: (row: T) => ReactNode;
}

export interface DataTableProps<T, K extends string | number> {
  /** The accessible name of the table. */
  label: string;
  columns: Column<T>[];
  state: PagedListState<T>;
  rowKey: (row: T) => K;
  /** A row's name as people call it (used for the selection checkbox). */
  rowName?: (row: T) => string;
  /** The row's action buttons (icon buttons with tooltip and accessible name). */
  actions?: (row: T) => ReactNode;
  onRetry: () => void;
  /** How many skeleton rows to show while the first page loads. */
  skeletonRows: number;
  selection?: RowSelection<K>;
  expansion?: RowExpansion<T, K>;
}

/**
 * At 1024 px, the smallest supported width (spec 01 §1), every list fits with its actions column and nothing
 * scrolls sideways, and no cell breaks a word inside its letters: cells wrap between words only (a hyphenated
 * word such as "Rhein-Main" stays whole), a long text may be shortened with an ellipsis and a tooltip (`truncate`),
 * and the columns of low priority move into the row's detail below 1280 px (`priority`). The table takes the page's
 * width, cells are 8 px apart and headers are set a little smaller. Status badges keep their whole width
 * (StatusBadge); the actions stay on one line.
 */
const HEADER_STYLE = { fontSize: 'var(--mantine-font-size-xs)' } as const;

const HYPHENATED = /\p{L}-\p{L}/u;

/**
 * A text with its hyphenated words each kept on one line (a browser may otherwise break "Rhein-|Main" after the
 * hyphen). Reaches into a text element's own string ("<Text>{name}</Text>"), not deeper.
 */
function keepWordsWhole(node: ReactNode): ReactNode {
  if (typeof node === 'string') {
    if (!HYPHENATED.test(node)) return node;
    return node.split(/(\S+)/).map((part, i) =>
      HYPHENATED.test(part) ? (
        <span key={i} className={classes.whole}>
          {part}
        </span>
      ) : (
        part
      ),
    );
  }
  if (isValidElement<{ children?: ReactNode }>(node) && typeof node.props.children === 'string' && HYPHENATED.test(node.props.children)) {
    return cloneElement(node, undefined, keepWordsWhole(node.props.children));
  }
  return node;
}

/** What a cell shows: the column's rendering, its hyphenated words whole, shortened with an ellipsis where asked. */
function cellContent<T>(column: Column<T>, row: T): ReactNode {
  const content = keepWordsWhole(column.render(row));
  if (!column.truncate) return content;
  const text = column.truncate.text(row);
  return (
    <span className={classes.truncated} style={{ maxWidth: column.truncate.maxWidth }} title={text}>
      {content}
    </span>
  );
}

/**
 * A list's table with the three states of UI.md "Lists": skeleton rows while loading, the empty text,
 * the load-error text with a retry button (and the specification's failure toast). Rows of a reload stay
 * on screen until the new ones arrive.
 */
export function DataTable<T, K extends string | number>({
  label,
  columns,
  state,
  rowKey,
  rowName,
  actions,
  onRetry,
  skeletonRows,
  selection,
  expansion,
}: DataTableProps<T, K>) {
  const { t } = useTranslation();
  const lowPriority = columns.filter((column) => column.priority === 'low');
  // The toggle of a row's detail for the columns that gave way; a list with its own expansion shows them there.
  const moreToggle = lowPriority.length > 0 && !expansion;
  const [more, setMore] = useState<readonly K[]>([]);
  const columnCount = columns.length + (actions ? 1 : 0) + (selection ? 1 : 0) + (expansion ? 1 : 0) + (moreToggle ? 1 : 0);
  const failed = state.status === 'error';
  // Spec 01 §9: a list that fails to load says so in a toast as well, once per failure.
  useEffect(() => {
    if (failed) notifyError(t('errors.table-load-error'));
    // `t` changes with the language; a language switch is not a new failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);

  if (state.status === 'error') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden="true" />}
        role="alert"
      >
        <Group justify="space-between" align="center">
          <Text size="sm">{t('errors.table-load-error')}</Text>
          <Button variant="light" color="red" size="xs" leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={onRetry}>
            {t('dataTable.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }

  const rows = state.page?.items ?? null;
  const pageKeys = rows?.map(rowKey) ?? [];
  const allSelected = selection !== undefined && pageKeys.length > 0 && pageKeys.every((k) => selection.selected.includes(k));
  const someSelected = selection !== undefined && pageKeys.some((k) => selection.selected.includes(k));

  return (
    // A native wrapper without a minimum width: the table takes the page's width and wraps its cells to fit
    // (a ScrollArea would lay it out at its full natural width and scroll it sideways).
    <Table.ScrollContainer minWidth={0} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing={8} aria-label={label} aria-busy={state.status === 'loading'}>
        <Table.Thead>
          <Table.Tr>
            {moreToggle ? <Table.Th w={40} className={classes.narrowCell} /> : null}
            {expansion ? <Table.Th w={40} /> : null}
            {selection ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('dataTable.selectPage')}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  disabled={pageKeys.length === 0}
                  onChange={() =>
                    selection.onChange(
                      allSelected
                        ? selection.selected.filter((k) => !pageKeys.includes(k))
                        : [...selection.selected, ...pageKeys.filter((k) => !selection.selected.includes(k))],
                    )
                  }
                />
              </Table.Th>
            ) : null}
            {columns.map((column) => (
              <Table.Th
                key={column.key}
                className={column.priority === 'low' ? `${classes.cell} ${classes.wideOnly}` : classes.cell}
                style={column.minWidth ? { ...HEADER_STYLE, minWidth: column.minWidth } : HEADER_STYLE}
              >
                {keepWordsWhole(column.header)}
              </Table.Th>
            ))}
            {actions ? (
              <Table.Th ta="right" style={HEADER_STYLE}>
                {t('dataTable.actions')}
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={state.stale ? { opacity: 0.6 } : undefined}>
          {rows === null
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <Table.Tr key={`skeleton-${i}`} data-testid="skeleton-row">
                  {Array.from({ length: columnCount }, (__, j) => (
                    <Table.Td key={j}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : null}
          {rows !== null && rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                <Text c="dimmed" ta="center" py="md" size="sm">
                  {t('errors.table-empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {rows?.map((row) => {
            const key = rowKey(row);
            const open = expansion?.expanded.includes(key) ?? false;
            const detailId = `row-detail-${String(key)}`;
            const moreOpen = moreToggle && more.includes(key);
            const moreId = `row-more-${String(key)}`;
            const name = rowName ? rowName(row) : String(key);
            const lowPriorityValues =
              lowPriority.length > 0 ? (
                <Group gap="xl" align="flex-start" data-testid="row-more">
                  {lowPriority.map((column) => (
                    <div key={column.key} className={classes.cell}>
                      <Text size="xs" c="dimmed">
                        {keepWordsWhole(column.header)}
                      </Text>
                      <Text size="sm" component="div">
                        {cellContent(column, row)}
                      </Text>
                    </div>
                  ))}
                </Group>
              ) : null;
            return (
              <Fragment key={key}>
                <Table.Tr>
                  {moreToggle ? (
                    <Table.Td className={classes.narrowCell}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('dataTable.more', { name })}
                        aria-expanded={moreOpen}
                        aria-controls={moreOpen ? moreId : undefined}
                        onClick={() => setMore((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]))}
                      >
                        {moreOpen ? <IconChevronDown size={16} aria-hidden="true" /> : <IconChevronRight size={16} aria-hidden="true" />}
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                  {expansion ? (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={expansion.label(name)}
                        aria-expanded={open}
                        aria-controls={open ? detailId : undefined}
                        onClick={() => expansion.onToggle(key)}
                      >
                        {open ? <IconChevronDown size={16} aria-hidden="true" /> : <IconChevronRight size={16} aria-hidden="true" />}
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                  {selection ? (
                    <Table.Td>
                      <Checkbox
                        aria-label={selection.label(name)}
                        checked={selection.selected.includes(key)}
                        onChange={(event) =>
                          selection.onChange(
                            event.currentTarget.checked ? [...selection.selected, key] : selection.selected.filter((k) => k !== key),
                          )
                        }
                      />
                    </Table.Td>
                  ) : null}
                  {columns.map((column) => (
                    <Table.Td key={column.key} className={column.priority === 'low' ? `${classes.cell} ${classes.wideOnly}` : classes.cell}>
                      {cellContent(column, row)}
                    </Table.Td>
                  ))}
                  {actions ? (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {actions(row)}
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
                {expansion && open ? (
                  <Table.Tr id={detailId}>
                    <Table.Td colSpan={columnCount} bg="gray.0">
                      {lowPriorityValues ? <div className={classes.narrowBlock}>{lowPriorityValues}</div> : null}
                      {expansion.render(row)}
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {moreOpen ? (
                  <Table.Tr id={moreId} className={classes.narrowRow}>
                    <Table.Td colSpan={columnCount} bg="gray.0">
                      {lowPriorityValues}
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
