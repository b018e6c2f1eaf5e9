// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { DataTable, type Column } from './data-table.tsx';

interface Row {
  id: number;
  name: string;
  group: string;
  email: string;
  year: number;
}

const rows: Row[] = [{ id: 7, name: 'Bürohaus Mainzer Landstraße', group: 'Portfolio Rhein-Main', email: 'collector@musterimmobilien.example', year: 1998 }];

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', render: (r) => r.name },
  { key: 'group', header: 'Objekt-ID', render: (r) => r.group },
  { key: 'email', header: 'E-Mail', truncate: { maxWidth: 200, text: (r) => r.email }, render: (r) => r.email },
  { key: 'year', header: 'Baujahr', priority: 'low', render: (r) => r.year },
];

const table = () =>
  renderUi(
    <DataTable
      label="Objekte"
      columns={columns}
      state={{ status: 'ready', page: { items: rows, total: 1, page: 1, pageSize: 5 }, stale: false }}
      rowKey={(r) => r.id}
      rowName={(r) => r.name}
      onRetry={() => undefined}
      skeletonRows={5}
    />,
  );

describe('a list at 1024 px: no word broken inside its letters (docs/accessibility.md)', () => {
  it('keeps hyphenated words of headers and cells whole and no cell breaks inside a word', async () => {
    await table();
    const grid = screen.getByRole('table', { name: 'Objekte' });
    const group = within(grid).getByText('Rhein-Main');
    expect(group.tagName).toBe('SPAN');
    expect(group.className).toMatch(/whole/);
    expect(group.parentElement?.textContent).toBe('Portfolio Rhein-Main');
    expect(within(grid).getByText('Objekt-ID').className).toMatch(/whole/);
    expect(grid.outerHTML).not.toMatch(/overflow-wrap: anywhere|word-break: break-all/);
  });

  it('shortens a long text with an ellipsis, the whole text as its tooltip', async () => {
    await table();
    const email = screen.getByTitle('collector@musterimmobilien.example');
    expect(email.className).toMatch(/truncated/);
    expect(email.style.maxWidth).toBe('200px');
  });

  it('shows the columns of low priority in the row’s detail, opened by its toggle', async () => {
    const { user } = await table();
    const cell = screen.getByRole('cell', { name: '1998' });
    expect(cell.className).toMatch(/wideOnly/);
    const toggle = screen.getByRole('button', { name: 'Weitere Angaben zu Bürohaus Mainzer Landstraße' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('row-more')).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const detail = screen.getByTestId('row-more');
    expect(within(detail).getByText('Baujahr')).toBeDefined();
    expect(within(detail).getByText('1998')).toBeDefined();
    await user.click(toggle);
    expect(screen.queryByTestId('row-more')).toBeNull();
  });
});
