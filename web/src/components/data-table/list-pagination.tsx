import { useEffect } from 'react';
import { ActionIcon, Button, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAGE_BUTTONS, PAGE_SIZES, clampPage, pageCount, pageItems } from '@ecore/core/shared/paging.ts';
import { isPageSize, type PageSize } from './list-query.ts';

/**
 * The page selector's items: exactly five page buttons (spec 01 §2), the first and the last page and three
 * around the current one, with an ellipsis where pages are left out (1 … 5 [6] 7 … 20); all pages when
 * there are five or fewer.
 */
export const pageButtons = (page: number, pages: number) => pageItems(Math.min(page, pages), pages, PAGE_BUTTONS - 2);

/**
 * Under every list (spec 01 §2, UI.md "Lists"): the results-per-page selector (5, 10, 25, 50, 100) with its
 * label and the entry count, and the page selector with previous/next and the page buttons of pageButtons.
 */
export function ListPagination({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: PageSize;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
}) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  // After a change shrinks the list (a filter, an archived user), move to its last page.
  useEffect(() => {
    if (page > pages) onPage(clampPage(page, total, pageSize));
  }, [page, pages, total, pageSize, onPage]);
  return (
    <Group justify="space-between" mt="md" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" aria-hidden="true">
          {t('dataTable.pageSize')}
        </Text>
        <Select
          aria-label={t('dataTable.pageSize')}
          data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          value={String(pageSize)}
          onChange={(value) => {
            const size = Number(value);
            if (isPageSize(size)) onPageSize(size);
          }}
          allowDeselect={false}
          w={80}
          size="xs"
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('dataTable.total', { count: total })}
        </Text>
      </Group>
      <nav aria-label={t('dataTable.pages')}>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="md"
            aria-label={t('dataTable.previous')}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <IconChevronLeft size={16} aria-hidden="true" />
          </ActionIcon>
          {pageButtons(page, pages).map((item) =>
            typeof item === 'number' ? (
              <Button
                key={item}
                size="compact-sm"
                miw={32}
                variant={item === page ? 'filled' : 'default'}
                aria-label={t('dataTable.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPage(item)}
              >
                {item}
              </Button>
            ) : (
              <Text key={item} size="sm" c="dimmed" px={4} aria-hidden="true">
                …
              </Text>
            ),
          )}
          <ActionIcon
            variant="default"
            size="md"
            aria-label={t('dataTable.next')}
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            <IconChevronRight size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </nav>
    </Group>
  );
}

/**
 * ListPagination bound to a list's URL query (useListQuery): shown once the first page has loaded,
 * since the total is unknown before.
 */
export function QueryPagination({
  query,
  total,
  change,
}: {
  query: { page: number; pageSize: PageSize };
  total: number | undefined;
  change: (change: { page?: number; pageSize?: PageSize }) => void;
}) {
  if (total === undefined) return null;
  return (
    <ListPagination
      page={query.page}
      pageSize={query.pageSize}
      total={total}
      onPage={(page) => change({ page })}
      onPageSize={(pageSize) => change({ pageSize })}
    />
  );
}
