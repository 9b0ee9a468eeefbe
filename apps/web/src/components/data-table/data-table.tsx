import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import type { ParseKeys } from 'i18next';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NO_DATA } from '../../lib/format';
import { NoData } from '../no-data';
import { downloadCsv, toCsv } from './csv';

type SortValue = string | number | null | undefined;
export type SortDirection = 'asc' | 'desc';
export type SortKind = 'text' | 'number' | 'date';
export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface DataTableColumn<R> {
  key: string;
  /** Header text: an i18n key (also used for the CSV header and phone labels)… */
  label?: ParseKeys;
  /** …or a ready node (then `csvHeader` names it in the CSV). */
  header?: ReactNode;
  cell: (row: R) => ReactNode;
  /** What the phone card shows instead of `cell` (e.g. plain text where the cell is a link). */
  cardCell?: (row: R) => ReactNode;
  /** Makes the column sortable by this value (or by `compare`). */
  sortValue?: (row: R) => SortValue;
  compare?: (a: R, b: R) => number;
  /** Sortable by the server (with `onSortChange`) without a value of its own here. */
  sortable?: boolean;
  /** The direction of the first click (its natural one: dates newest first); `asc` unless said. */
  sortFirst?: SortDirection;
  /**
   * What the sort orders, for the phones' sort choice ("Date (newest first)", "Name (A to Z)",
   * "Hours (lowest first)"). Read from the first row's `sortValue` when not said: a number,
   * an ISO date, or text; say it for server-sorted columns and for dates sorted as numbers.
   */
  sortKind?: SortKind;
  /** The value exported to CSV; defaults to `sortValue`. Columns with neither are not exported. */
  csv?: (row: R) => string | number | boolean | null | undefined;
  csvHeader?: string;
  /**
   * Where the phone card shows it: `primary` (title line), `secondary` (chips line under the
   * title), `detail` (a labelled line; the default) or `hidden` (wide screens only).
   */
  placement?: 'primary' | 'secondary' | 'detail' | 'hidden';
  /** Shown on the phone card only (what the wide table shows inside another cell). */
  cardOnly?: boolean;
  align?: 'left' | 'right' | 'center';
  cellSx?: SxProps<Theme>;
  headerSx?: SxProps<Theme>;
}

export interface DataTableProps<R> {
  rows: readonly R[];
  columns: readonly DataTableColumn<R>[];
  rowKey: (row: R) => string | number;
  /** Accessible name of the table (wide) and of the card list (phones). */
  label: string;
  /** Row actions: the last column on wide screens, the card's footer on phones. */
  actions?: (row: R) => ReactNode;
  actionsLabel?: string;
  /** The row opens this place: the whole row (mouse) on wide screens, the whole card on phones. */
  rowLink?: (row: R) => { to: string; state?: unknown };
  rowSx?: (row: R) => SxProps<Theme>;
  loading?: boolean;
  emptyText?: ReactNode;
  defaultSort?: SortState;
  /**
   * Sorted elsewhere (the server): the rows are shown as given, `sort` marks the header,
   * and a header click or the phones' choice asks `onSortChange` (null: the default order).
   */
  sort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  /** A checkbox per row (on phones, on each card) and one for every row shown. */
  selection?: DataTableSelection<R>;
  /** A CSV button that exports the rows as shown (sorted), with the columns' `csv` values. */
  csvFilename?: string;
  /** Distance of the sticky header from the top: the app's fixed header (spec §9, 80 px). */
  stickyTop?: number;
  size?: 'small' | 'medium';
}

export interface DataTableSelection<R> {
  selected: ReadonlySet<string | number>;
  onChange: (selected: Set<string | number>) => void;
  /** Names the row for its checkbox ("Select #12 VPN drops"). */
  rowLabel: (row: R) => string;
}

function compareValues(a: SortValue, b: SortValue, collator: Intl.Collator): number {
  // Empty values last whichever the direction is flipped by the caller.
  if (a === null || a === undefined || a === '') return b === null || b === undefined || b === '' ? 0 : 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

const ASC_FIRST = ['asc', 'desc'] as const;
const DESC_FIRST = ['desc', 'asc'] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** What a column sorts (see `sortKind`): said, or read from the first row that has a value. */
export function sortKindOf<R>(c: DataTableColumn<R>, rows: readonly R[]): SortKind {
  if (c.sortKind) return c.sortKind;
  if (!c.sortValue) return 'text';
  for (const row of rows) {
    const v = c.sortValue(row);
    if (v === null || v === undefined || v === '') continue;
    if (typeof v === 'number') return 'number';
    return ISO_DATE.test(v) ? 'date' : 'text';
  }
  return 'text';
}

/**
 * One rule for "no data" in every column: a cell with nothing to show (null, '' or the
 * bare dash) shows the portal's placeholder, an em dash read out as "No data".
 */
function orNoData(node: ReactNode): ReactNode {
  return node === null || node === undefined || node === false || node === '' || node === NO_DATA ? <NoData /> : node;
}

/** Sorted here by its value or comparator, or by the server (`sortable`) when it sorts the list. */
function isSortable<R>(c: DataTableColumn<R>, serverSorted: boolean): boolean {
  return Boolean(c.sortValue ?? c.compare ?? (serverSorted && c.sortable));
}

/**
 * One list block for every list page: MUI's table on wide screens (sortable, sticky header,
 * row actions in the last column), a card per row on phones (< md) with its actions
 * visible and nothing wider than the screen; loading and empty states; optional CSV export.
 */
export function DataTable<R>({
  rows,
  columns,
  rowKey,
  label,
  actions,
  actionsLabel,
  rowLink,
  rowSx,
  loading = false,
  emptyText,
  defaultSort,
  sort: controlledSort,
  onSortChange,
  selection,
  csvFilename,
  stickyTop = 80,
  size = 'small',
}: DataTableProps<R>) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // useTheme falls back on MUI's default theme, so the block works outside the app's provider too.
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [localSort, setLocalSort] = useState<SortState | null>(defaultSort ?? null);
  const sort = onSortChange ? (controlledSort ?? null) : localSort;
  const setSort = (next: SortState | null) => (onSortChange ? onSortChange(next) : setLocalSort(next));

  const headerText = (c: DataTableColumn<R>): string => (c.label ? (t(c.label) as string) : (c.csvHeader ?? c.key));
  const sortable = (c: DataTableColumn<R>) => isSortable(c, !!onSortChange);

  const sorted = useMemo(() => {
    if (onSortChange) return rows;
    const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
    if (!sort || !column || !isSortable(column, false)) return rows;
    const collator = new Intl.Collator(i18n.language, { numeric: true, sensitivity: 'base' });
    const sign = sort.direction === 'asc' ? 1 : -1;
    const by = column.compare ?? ((a: R, b: R) => compareValues(column.sortValue!(a), column.sortValue!(b), collator));
    // Stable: equal rows keep the server's order.
    return rows
      .map((row, i) => ({ row, i }))
      .sort((a, b) => sign * by(a.row, b.row) || a.i - b.i)
      .map((x) => x.row);
  }, [rows, columns, sort, onSortChange, i18n.language]);

  const toggle = (c: DataTableColumn<R>) =>
    setSort(
      sort?.key === c.key
        ? { key: c.key, direction: sort.direction === 'asc' ? 'desc' : 'asc' }
        : { key: c.key, direction: c.sortFirst ?? 'asc' },
    );

  const keys = sorted.map(rowKey);
  const selectedShown = selection ? keys.filter((k) => selection.selected.has(k)).length : 0;
  const toggleRow = (row: R) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    const key = rowKey(row);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    const all = selectedShown === keys.length;
    for (const k of keys) {
      if (all) next.delete(k);
      else next.add(k);
    }
    selection.onChange(next);
  };
  const selectAllBox = selection ? (
    <Checkbox
      checked={keys.length > 0 && selectedShown === keys.length}
      indeterminate={selectedShown > 0 && selectedShown < keys.length}
      onChange={toggleAll}
      slotProps={{ input: { 'aria-label': t('dataTable.selectAll') } }}
    />
  ) : null;
  const rowBox = (row: R) =>
    selection ? (
      <Checkbox
        checked={selection.selected.has(rowKey(row))}
        onChange={() => toggleRow(row)}
        // The row itself opens the record on a click: the box only selects.
        onClick={(e) => e.stopPropagation()}
        slotProps={{ input: { 'aria-label': t('dataTable.selectRow', { row: selection.rowLabel(row) }) } }}
      />
    ) : null;

  const exportCsv = () => {
    const csvColumns = columns
      .filter((c) => c.csv ?? c.sortValue)
      .map((c) => ({ header: headerText(c), value: (row: R) => (c.csv ?? c.sortValue)!(row) }));
    downloadCsv(csvFilename!, toCsv(csvColumns, sorted));
  };

  const phoneSelectAll = !wide && selection && rows.length > 0;
  const toolbar =
    csvFilename || phoneSelectAll || (!wide && columns.some(sortable) && rows.length > 1) ? (
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'flex-end', mb: 1.5 }}
      >
        {phoneSelectAll ? (
          // Phones have no header row: "all shown" sits beside the sort choice.
          <FormControlLabel
            sx={{ marginInlineEnd: 'auto' }}
            label={t('dataTable.selectAllShort')}
            control={
              <Checkbox
                checked={keys.length > 0 && selectedShown === keys.length}
                indeterminate={selectedShown > 0 && selectedShown < keys.length}
                onChange={toggleAll}
              />
            }
          />
        ) : null}
        {!wide && columns.some(sortable) && rows.length > 1 ? (
          // Phones have no column headers: the same sort as a choice.
          <TextField
            select
            size="small"
            label={t('dataTable.sortBy')}
            value={sort ? `${sort.key}:${sort.direction}` : ''}
            onChange={(e) => {
              const [key = '', direction] = e.target.value.split(':');
              setSort(key ? { key, direction: direction === 'desc' ? 'desc' : 'asc' } : null);
            }}
            sx={{ minWidth: 200, flex: { xs: '1 1 200px', sm: '0 0 auto' } }}
          >
            <MenuItem value="">{t('dataTable.defaultOrder')}</MenuItem>
            {columns.filter(sortable).flatMap((c) => {
              const kind = sortKindOf(c, rows);
              // Each column's natural order first (dates newest first).
              const order = (c.sortFirst ?? (kind === 'date' ? 'desc' : 'asc')) === 'desc' ? DESC_FIRST : ASC_FIRST;
              return order.map((d) => (
                <MenuItem key={`${c.key}:${d}`} value={`${c.key}:${d}`}>
                  {t(`dataTable.sort.${kind}.${d}`, { column: headerText(c) })}
                </MenuItem>
              ));
            })}
          </TextField>
        ) : null}
        {csvFilename ? (
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadRounded />}
            onClick={exportCsv}
            disabled={rows.length === 0}
          >
            {t('dataTable.exportCsv')}
          </Button>
        ) : null}
      </Box>
    ) : null;

  if (loading && rows.length === 0) {
    return (
      <Stack spacing={1} aria-busy="true" aria-label={t('loader.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={44} />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Card variant="outlined" sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed' }}>
        <Typography color="text.secondary">{emptyText ?? t('dataTable.empty')}</Typography>
      </Card>
    );
  }

  if (!wide) {
    const placed = (p: DataTableColumn<R>['placement']) => columns.filter((c) => (c.placement ?? 'detail') === p);
    const show = (c: DataTableColumn<R>, row: R) => (c.cardCell ?? c.cell)(row);
    return (
      <>
        {toolbar}
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, minWidth: 0 }} aria-label={label}>
          {sorted.map((row) => {
            const link = rowLink?.(row);
            const body = (
              <Box sx={{ p: 2, minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography
                  component="div"
                  sx={{ fontWeight: 600, mb: 0.75, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                >
                  {placed('primary').map((c) => (
                    <Box component="span" key={c.key} sx={{ minWidth: 0 }}>
                      {show(c, row)}
                    </Box>
                  ))}
                </Typography>
                {placed('secondary').length ? (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 0.75 }}>
                    {placed('secondary').map((c) => (
                      <Box component="span" key={c.key} sx={{ minWidth: 0, display: 'inline-flex' }}>
                        {show(c, row)}
                      </Box>
                    ))}
                  </Box>
                ) : null}
                {placed('detail').length ? (
                  <Box
                    component="dl"
                    sx={{
                      m: 0,
                      display: 'grid',
                      gridTemplateColumns: 'auto minmax(0, 1fr)',
                      columnGap: 1.5,
                      rowGap: 0.5,
                    }}
                  >
                    {placed('detail').map((c) => (
                      <Box key={c.key} sx={{ display: 'contents' }}>
                        <Typography component="dt" variant="body2" color="text.secondary">
                          {c.label ? t(c.label) : c.header}
                        </Typography>
                        <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
                          {/* A labelled line says "no data"; the title and chip lines just leave it out. */}
                          {orNoData(show(c, row))}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                ) : null}
              </Box>
            );
            const rowActions = actions?.(row);
            const main = link ? (
              <CardActionArea component={Link} to={link.to} state={link.state} sx={{ minWidth: 0 }}>
                {body}
              </CardActionArea>
            ) : (
              body
            );
            return (
              <Card
                component="li"
                key={rowKey(row)}
                sx={[{ listStyle: 'none', minWidth: 0 }, ...(rowSx ? [rowSx(row)].flat() : [])] as SxProps<Theme>}
              >
                {selection ? (
                  // The box beside the card's link, never inside it.
                  <Box sx={{ display: 'flex', alignItems: 'flex-start', minWidth: 0 }}>
                    <Box sx={{ pt: 1, paddingInlineStart: 0.5 }}>{rowBox(row)}</Box>
                    <Box sx={{ flex: 1, minWidth: 0 }}>{main}</Box>
                  </Box>
                ) : (
                  main
                )}
                {rowActions ? (
                  <Box sx={{ px: 1, pb: 1, display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 0.5 }}>
                    {rowActions}
                  </Box>
                ) : null}
              </Card>
            );
          })}
        </Stack>
      </>
    );
  }

  const wideColumns = columns.filter((c) => !c.cardOnly);
  return (
    <>
      {toolbar}
      {/* overflow stays visible so the header sticks under the app header while the page scrolls. */}
      <TableContainer sx={{ overflow: 'visible' }}>
        <Table size={size} aria-label={label} aria-busy={loading || undefined}>
          <TableHead>
            <TableRow>
              {selection ? (
                <TableCell
                  padding="checkbox"
                  sx={{ position: 'sticky', top: stickyTop, zIndex: 2, bgcolor: 'background.paper' }}
                >
                  {selectAllBox}
                </TableCell>
              ) : null}
              {wideColumns.map((c) => {
                const active = sort?.key === c.key;
                return (
                  <TableCell
                    key={c.key}
                    align={c.align}
                    aria-sort={
                      sortable(c)
                        ? active
                          ? sort.direction === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : 'none'
                        : undefined
                    }
                    sx={
                      [
                        {
                          fontWeight: 600,
                          whiteSpace: 'nowrap',
                          position: 'sticky',
                          top: stickyTop,
                          zIndex: 2,
                          bgcolor: 'background.paper',
                        },
                        ...[c.headerSx ?? []].flat(),
                      ] as SxProps<Theme>
                    }
                  >
                    {sortable(c) ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? sort.direction : 'asc'}
                        onClick={() => toggle(c)}
                      >
                        {c.label ? t(c.label) : c.header}
                      </TableSortLabel>
                    ) : c.label ? (
                      t(c.label)
                    ) : (
                      c.header
                    )}
                  </TableCell>
                );
              })}
              {actions ? (
                <TableCell
                  align="right"
                  sx={{ fontWeight: 600, position: 'sticky', top: stickyTop, zIndex: 2, bgcolor: 'background.paper' }}
                >
                  {actionsLabel ?? t('dataTable.actions')}
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.map((row) => {
              const link = rowLink?.(row);
              return (
                <TableRow
                  key={rowKey(row)}
                  hover
                  selected={selection?.selected.has(rowKey(row)) ?? false}
                  // The mouse may click anywhere on the row; keyboards use the link a cell holds.
                  onClick={link ? () => void navigate(link.to, { state: link.state }) : undefined}
                  sx={
                    [
                      { '&:last-child td': { borderBottom: 0 }, ...(link ? { cursor: 'pointer' } : {}) },
                      ...(rowSx ? [rowSx(row)].flat() : []),
                    ] as SxProps<Theme>
                  }
                >
                  {selection ? <TableCell padding="checkbox">{rowBox(row)}</TableCell> : null}
                  {wideColumns.map((c) => (
                    <TableCell key={c.key} align={c.align} sx={c.cellSx}>
                      {orNoData(c.cell(row))}
                    </TableCell>
                  ))}
                  {actions ? <TableCell align="right">{actions(row)}</TableCell> : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
