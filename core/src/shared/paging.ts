/** The page sizes a list offers, and the one it starts with. */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 5;

/** Page buttons shown at most (spec 01 §2, §9). */
export const PAGE_BUTTONS = 5;

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/**
 * The page selector between previous and next: at most five numbered buttons around the current page,
 * with the first and last page reachable and an ellipsis where pages are left out.
 * 1 … 4 5 [6] 7 8 … 20
 */
export const pageItems = (current: number, totalPages: number, buttons = PAGE_BUTTONS): PageItem[] => {
  if (totalPages <= buttons + 2) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const half = Math.floor(buttons / 2);
  const start = Math.min(Math.max(current - half, 2), totalPages - buttons);
  const end = start + buttons - 1;
  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let p = start; p <= end; p += 1) items.push(p);
  if (end < totalPages - 1) items.push('ellipsis-end');
  items.push(totalPages);
  return items;
};

/** A page number that exists: after a filter shrinks the list, the view moves to its last page. */
export const clampPage = (page: number, total: number, pageSize: number): number => Math.min(Math.max(1, page), pageCount(total, pageSize));
