// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { ListPagination, pageButtons } from './list-pagination.tsx';

const numbers = (page: number, pages: number) => pageButtons(page, pages).filter((item) => typeof item === 'number');

describe('the page selector (spec 01 §2)', () => {
  it('shows exactly five page buttons once there are five pages or more, the first and last among them', () => {
    for (let pages = 5; pages <= 30; pages += 1) {
      for (let page = 1; page <= pages; page += 1) {
        const shown = numbers(page, pages);
        expect(shown, `${page} of ${pages}`).toHaveLength(5);
        expect(shown[0]).toBe(1);
        expect(shown.at(-1)).toBe(pages);
        expect(shown).toContain(page);
      }
    }
  });

  it('shows every page when there are fewer than five, and an ellipsis where pages are left out', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageButtons(6, 20)).toEqual([1, 'ellipsis-start', 5, 6, 7, 'ellipsis-end', 20]);
    expect(pageButtons(1, 20)).toEqual([1, 2, 3, 4, 'ellipsis-end', 20]);
    expect(pageButtons(20, 20)).toEqual([1, 'ellipsis-start', 17, 18, 19, 20]);
  });

  it('renders five page buttons with ellipsis, the results-per-page label and the entry count', async () => {
    const onPage = vi.fn();
    const { user } = await renderUi(<ListPagination page={6} pageSize={5} total={100} onPage={onPage} onPageSize={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Seitenauswahl' });
    const pages = within(nav)
      .getAllByRole('button')
      .filter((b) => /^Seite \d+$/.test(b.getAttribute('aria-label') ?? ''));
    expect(pages.map((b) => b.textContent)).toEqual(['1', '5', '6', '7', '20']);
    expect(within(nav).getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Seite 6' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Ergebnisse pro Seite')).toBeTruthy();
    expect(screen.getByText('100 Einträge')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Seite 20' }));
    expect(onPage).toHaveBeenCalledWith(20);
  });
});
