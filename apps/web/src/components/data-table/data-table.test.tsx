import Button from '@mui/material/Button';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n/i18n';
import { toCsv } from './csv';
import { DataTable, type DataTableColumn } from './data-table';
import { renderApp, setViewport } from '../../test/render-app';

interface Person {
  id: number;
  name: string;
  age: number;
  note: string;
}

const people: Person[] = [
  { id: 1, name: 'Mona', age: 41, note: 'likes tea' },
  { id: 2, name: 'Adel', age: 29, note: 'says "hi", twice' },
  { id: 3, name: 'Zeinab', age: 35, note: '=SUM(A1)' },
];

const columns: DataTableColumn<Person>[] = [
  {
    key: 'name',
    header: 'Name',
    csvHeader: 'Name',
    placement: 'primary',
    sortValue: (p) => p.name,
    cell: (p) => p.name,
  },
  {
    key: 'age',
    header: 'Age',
    csvHeader: 'Age',
    placement: 'secondary',
    sortValue: (p) => p.age,
    cell: (p) => `${p.age} y`,
  },
  { key: 'note', header: 'Note', csvHeader: 'Note', csv: (p) => p.note, cell: (p) => p.note },
];

/** The table in the app (its theme, a router for row links); nobody signed in. */
const renderTable = (node: ReactNode) => renderApp(node, { user: null });

const table = (extra: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) => (
  <DataTable
    rows={people}
    columns={columns}
    rowKey={(p) => p.id}
    label="People"
    actions={(p) => <Button size="small">{`Edit ${p.name}`}</Button>}
    {...extra}
  />
);

const bodyNames = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

afterEach(() => vi.restoreAllMocks());

describe('DataTable on wide screens', () => {
  it('sorts by a header click, toggling the direction, with aria-sort', async () => {
    setViewport(true);
    renderTable(table());
    expect(bodyNames()).toEqual(['Mona', 'Adel', 'Zeinab']); // the given order until asked
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    // Not sortable: no aria-sort at all.
    expect(screen.getByRole('columnheader', { name: 'Note' })).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyNames()).toEqual(['Adel', 'Mona', 'Zeinab']);

    await userEvent.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(bodyNames()).toEqual(['Zeinab', 'Mona', 'Adel']);
  });

  it('sorts from the keyboard (Tab to the header, Enter and Space)', async () => {
    setViewport(true);
    renderTable(table());
    const ageHeader = screen.getByRole('columnheader', { name: 'Age' });
    const nameButton = screen.getByRole('button', { name: 'Name' });
    const ageButton = within(ageHeader).getByRole('button', { name: 'Age' });
    nameButton.focus();
    await userEvent.tab();
    expect(ageButton).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(ageHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyNames()).toEqual(['Adel', 'Zeinab', 'Mona']);
    await userEvent.keyboard(' ');
    expect(ageHeader).toHaveAttribute('aria-sort', 'descending');
    expect(bodyNames()).toEqual(['Mona', 'Zeinab', 'Adel']);
    // Only one column is sorted at a time.
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
  });

  it('puts the row actions in the last column, and shows the empty and loading states', () => {
    setViewport(true);
    const { unmount } = renderTable(table());
    const firstRow = screen.getAllByRole('row')[1]!;
    expect(within(firstRow).getByRole('button', { name: 'Edit Mona' })).toBeInTheDocument();
    unmount();
    const empty = renderTable(table({ rows: [], emptyText: 'No people here.' }));
    expect(screen.getByText('No people here.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    empty.unmount();
    renderTable(table({ rows: [], loading: true }));
    expect(screen.getByLabelText('Loading…')).toHaveAttribute('aria-busy', 'true');
  });
});

describe('DataTable on phones', () => {
  it('renders one card per row with its actions, and no table', () => {
    setViewport(false);
    renderTable(table());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'People' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Mona')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('41 y')).toBeInTheDocument();
    // Detail columns are labelled, since a card has no header row.
    expect(within(cards[0]!).getByText('Note')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Edit Adel' })).toBeVisible();
  });

  it('offers the sort as a choice', async () => {
    setViewport(false);
    renderTable(table());
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Age (highest first)' }));
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByText(/^\d+ y$/).textContent)).toEqual(['41 y', '35 y', '29 y']);
  });
});

describe('CSV export', () => {
  it('exports the rows as shown, quoted, with formulas defused', async () => {
    setViewport(true);
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved = b as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderTable(table({ csvFilename: 'people.csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Age' })); // youngest first
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('people.csv');
    // A byte-order mark first, so spreadsheets read the Arabic as UTF-8 (text() drops it).
    expect([...new Uint8Array(await saved!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await saved!.text();
    expect(text).toBe(
      'Name,Age,Note\r\n' + 'Adel,29,"says ""hi"", twice"\r\n' + "Zeinab,35,'=SUM(A1)\r\n" + 'Mona,41,likes tea\r\n',
    );
  });

  it('toCsv leaves numbers alone and empties nulls', () => {
    const csv = toCsv(
      [
        { header: 'n', value: (r: { n: number | null }) => r.n },
        { header: 'neg', value: () => '-1' },
      ],
      [{ n: -5 }, { n: null }],
    );
    expect(csv).toBe("n,neg\r\n-5,'-1\r\n,'-1\r\n");
  });
});

describe('DataTable sorted elsewhere, with row selection', () => {
  it("keeps the given order, marks the sort and reports header clicks with each column's first direction", async () => {
    setViewport(true);
    const onSortChange = vi.fn();
    const sortCols = columns.map((c) => ({
      ...c,
      sortValue: undefined,
      sortable: c.key !== 'note',
      sortFirst: c.key === 'age' ? ('desc' as const) : undefined,
    }));
    renderTable(table({ columns: sortCols, sort: { key: 'name', direction: 'desc' }, onSortChange }));
    // The server's order, not re-sorted here.
    expect(bodyNames()).toEqual(people.map((p) => p.name));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'name', direction: 'asc' });
    await userEvent.click(screen.getByRole('button', { name: 'Age' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'age', direction: 'desc' });
  });

  it('selects rows and all shown by checkbox (mouse or keyboard) without opening the row', async () => {
    setViewport(true);
    let selected = new Set<string | number>();
    // The selection is the caller's state: each change is shown again, as a list page does.
    function Selectable() {
      const [shown, setShown] = useState<ReadonlySet<string | number>>(selected);
      const onChange = (next: Set<string | number>) => {
        selected = next;
        setShown(next);
      };
      return table({
        actions: undefined,
        rowLink: (p) => ({ to: `/p/${p.id}` }),
        selection: { selected: shown, onChange, rowLabel: (p) => p.name },
      });
    }
    renderApp(<Selectable />, { user: null, routes: [{ path: '/p/:id', element: <p>opened</p> }] });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Adel' }));
    expect([...selected]).toEqual([2]);
    expect(screen.queryByText('opened')).not.toBeInTheDocument();
    const all = screen.getByRole('checkbox', { name: 'Select all shown' });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    all.focus();
    await userEvent.keyboard(' ');
    expect([...selected].sort()).toEqual([1, 2, 3]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    expect(selected.size).toBe(0);
  });

  it('gives each phone card a checkbox beside its link, and "select all" above', async () => {
    setViewport(false);
    const onChange = vi.fn();
    renderTable(
      table({
        rowLink: (p) => ({ to: `/p/${p.id}` }),
        selection: { selected: new Set([1]), onChange, rowLabel: (p) => p.name },
      }),
    );
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    const box = within(cards[0]!).getByRole('checkbox', { name: 'Select Mona' });
    expect(box).toBeChecked();
    expect(box.closest('a')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect([...(onChange.mock.calls[0]![0] as Set<number>)].sort()).toEqual([1, 2, 3]);
  });
});

describe('DataTable sort choice and empty cells', () => {
  interface Dated {
    id: number;
    title: string;
    hours: number;
    at: string;
    note: string | null;
  }
  const dated: Dated[] = [
    { id: 1, title: 'VPN', hours: 2, at: '2026-11-20T10:00:00Z', note: null },
    { id: 2, title: 'Printer', hours: 5, at: '2026-11-22T10:00:00Z', note: 'asked twice' },
  ];
  const datedColumns: DataTableColumn<Dated>[] = [
    {
      key: 'title',
      header: 'Title',
      csvHeader: 'Title',
      sortValue: (r) => r.title,
      cell: (r) => r.title,
      placement: 'primary',
    },
    { key: 'hours', header: 'Hours', csvHeader: 'Hours', sortValue: (r) => r.hours, cell: (r) => r.hours },
    { key: 'at', header: 'Created', csvHeader: 'Created', sortValue: (r) => r.at, cell: (r) => r.at },
    { key: 'note', header: 'Note', csvHeader: 'Note', cell: (r) => r.note },
  ];
  const render = () =>
    renderTable(<DataTable rows={dated} columns={datedColumns} rowKey={(r) => r.id} label="Tickets" />);
  const options = async () => {
    await userEvent.click(screen.getByRole('combobox', { name: /Sort by|ترتيب حسب/ }));
    return screen.getAllByRole('option').map((o) => o.textContent);
  };

  afterAll(async () => {
    await changeLanguage('en');
  });

  it('names each order by what the column holds: dates newest first, text A to Z, numbers lowest first', async () => {
    setViewport(false);
    render();
    expect(await options()).toEqual([
      'Default order',
      'Title (A to Z)',
      'Title (Z to A)',
      'Hours (lowest first)',
      'Hours (highest first)',
      'Created (newest first)',
      'Created (oldest first)',
    ]);
    expect((await screen.findAllByRole('option')).some((o) => /→|low→high/.test(o.textContent ?? ''))).toBe(false);
  });

  it('says the same in Arabic', async () => {
    await changeLanguage('ar');
    setViewport(false);
    render();
    expect(await options()).toEqual([
      'الترتيب الافتراضي',
      'Title (من أ إلى ي)',
      'Title (من ي إلى أ)',
      'Hours (الأقل أولًا)',
      'Hours (الأكبر أولًا)',
      'Created (الأحدث أولًا)',
      'Created (الأقدم أولًا)',
    ]);
  });

  it('shows one placeholder for an empty cell, read out as "No data"', async () => {
    await changeLanguage('en');
    setViewport(true);
    render();
    const cells = within(screen.getByRole('table', { name: 'Tickets' })).getAllByRole('row')[1]!;
    const note = within(cells).getAllByRole('cell').at(-1)!;
    expect(note).toHaveTextContent('—No data');
    expect(within(note).getByText('—')).toHaveAttribute('aria-hidden', 'true');
  });
});
