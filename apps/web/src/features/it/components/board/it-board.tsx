import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IT_STATUSES, REDACTED_TITLE, USER_TYPES, type TItStatus, type TUserType } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Bidi } from '../../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../../components/data-table';
import { SearchField } from '../../../../components/search-field';
import { formatDateTime, formatNumber } from '../../../../lib/format';
import { useMinuteClock } from '../../../../lib/use-minute-clock';
import { useItListQuery } from '../../api/it-api';
import { selectIt } from '../../it.slice';
import { boardCounts, boardRow, filterRows, statusRank, type ItBoardRow } from './board-model';
import { forDuration, ItStatusChip } from './it-status-chip';
import { useItBoardFilters } from './use-it-board-filters';
import { LoadFailedAlert } from '../../../../components/load-failed-alert';

const pct = (value: number | null) =>
  value === null ? null : formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 });

/** The current app: its title (or "redacted"), the process, and since when it is in front. */
function CurrentApp({ row, now }: { row: ItBoardRow; now: number }) {
  const { t } = useTranslation();
  const app = row.app;
  if (!app) return <>{t('it.board.noApp')}</>;
  return (
    <Box sx={{ minWidth: 0, maxWidth: 320 }}>
      {app.active_app_title === REDACTED_TITLE ? (
        <Typography component="span" sx={{ fontStyle: 'italic' }}>
          {t('it.board.redacted')}
        </Typography>
      ) : (
        <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
          <Bidi>{app.active_app_title}</Bidi>
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        <Bidi dir="ltr">{app.active_app_process}</Bidi> ·{' '}
        <time dateTime={app.switch_time} title={formatDateTime(app.switch_time)}>
          {forDuration(t, app.switch_time, now)}
        </time>
      </Typography>
    </Box>
  );
}

/** The counts at the top: users per status, and users with an alert. */
function Counts({ counts }: { counts: Record<TItStatus | 'alerts', number> }) {
  const { t } = useTranslation();
  const items = [...IT_STATUSES, 'alerts'] as const;
  return (
    <Box
      component="ul"
      aria-label={t('it.board.countsLabel')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' },
        gap: 1.5,
        p: 0,
        m: 0,
        mb: 2,
        listStyle: 'none',
      }}
    >
      {items.map((key) => (
        <Paper component="li" key={key} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t(`it.board.counts.${key}`)}
          </Typography>
          <Typography
            sx={{ fontSize: '1.5rem', fontWeight: 700 }}
            color={key === 'alerts' && counts.alerts ? 'error' : 'text.primary'}
          >
            {formatNumber(counts[key])}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * The live board: everyone the viewer may watch, their machine's state, the app
 * in front, load, latency and alerts; rows follow the `/ws/it/` frames through the `it` slice.
 */
export function ItBoard() {
  const { t } = useTranslation();
  const { byUsername } = useSelector(selectIt);
  // Mounting reads the board afresh: the slice then follows the frames.
  const { isLoading, error, refetch } = useItListQuery(undefined, { refetchOnMountOrArgChange: true });
  const [filters, setFilters] = useItBoardFilters();
  const now = useMinuteClock();

  const all = useMemo(() => Object.values(byUsername).map((r) => boardRow(r, new Date(now))), [byUsername, now]);
  const counts = useMemo(() => boardCounts(all), [all]);
  const rows = useMemo(() => filterRows(all, filters), [all, filters]);
  const departments = useMemo(() => USER_TYPES.filter((type) => all.some((r) => r.record.user_type === type)), [all]);
  const none = t('it.board.none');

  const columns: DataTableColumn<ItBoardRow>[] = [
    {
      key: 'user',
      label: 'it.board.columns.user',
      placement: 'primary',
      sortValue: (r) => r.name,
      cell: (r) => (
        <Box sx={{ minWidth: 0 }}>
          <MuiLink component={Link} to={`/it/${encodeURIComponent(r.record.username)}`} sx={{ fontWeight: 600 }}>
            <Bidi>{r.name}</Bidi>
          </MuiLink>
          <Typography variant="body2" color="text.secondary">
            <Bidi>@{r.record.username}</Bidi>
          </Typography>
        </Box>
      ),
      csv: (r) => r.record.username,
    },
    {
      key: 'department',
      label: 'it.board.columns.department',
      sortValue: (r) => r.record.user_type,
      cell: (r) => <Bidi>{r.record.user_type}</Bidi>,
    },
    {
      key: 'status',
      label: 'it.board.columns.status',
      placement: 'secondary',
      sortValue: (r) => statusRank(r.record.status),
      csv: (r) => r.record.status,
      cell: (r) => <ItStatusChip status={r.record.status} since={r.record.status_since} now={now} />,
    },
    {
      key: 'app',
      label: 'it.board.columns.app',
      sortValue: (r) => r.app?.active_app_title,
      cell: (r) => <CurrentApp row={r} now={now} />,
    },
    {
      key: 'cpu',
      label: 'it.board.columns.cpu',
      align: 'right',
      sortValue: (r) => r.cpu,
      cell: (r) => pct(r.cpu) ?? none,
    },
    {
      key: 'ram',
      label: 'it.board.columns.ram',
      align: 'right',
      sortValue: (r) => r.ram,
      cell: (r) => pct(r.ram) ?? none,
    },
    {
      key: 'disk',
      label: 'it.board.columns.disk',
      align: 'right',
      sortValue: (r) => r.disk,
      cell: (r) => pct(r.disk) ?? none,
    },
    {
      key: 'latency',
      label: 'it.board.columns.latency',
      align: 'right',
      sortValue: (r) => r.latency,
      cell: (r) => (r.latency === null ? none : t('it.board.ms', { value: formatNumber(Math.round(r.latency)) })),
    },
    {
      key: 'alerts',
      label: 'it.board.columns.alerts',
      sortValue: (r) => r.alerts.length,
      sortFirst: 'desc',
      csv: (r) => r.alerts.join(' '),
      cell: (r) =>
        r.alerts.length ? (
          <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
            {r.alerts.map((a) => (
              <Chip key={a} size="small" color="error" variant="outlined" label={t(`it.alerts.${a}`)} />
            ))}
          </Box>
        ) : (
          none
        ),
    },
  ];

  return (
    <>
      <Counts counts={counts} />
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          mb: 2,
          alignItems: 'center',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr' },
        }}
      >
        <SearchField label={t('it.board.search')} value={filters.q} onChange={(q) => setFilters({ q })} />
        <TextField
          select
          size="small"
          label={t('it.board.department')}
          value={filters.department}
          onChange={(e) => setFilters({ department: e.target.value as TUserType | '' })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('it.board.allDepartments')}</MenuItem>
          {/* The chosen one stays listed even when nobody of it is on the board now. */}
          {USER_TYPES.filter((d) => departments.includes(d) || d === filters.department).map((d) => (
            <MenuItem key={d} value={d}>
              <Bidi>{d}</Bidi>
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('it.board.status')}
          value={filters.status}
          onChange={(e) => setFilters({ status: e.target.value as TItStatus | '' })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('it.board.allStatuses')}</MenuItem>
          {IT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`it.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <LoadFailedAlert title={t('it.board.loadFailed')} error={error} onRetry={() => void refetch()} />
      {/* Between tablet and laptop widths the table may be wider than the page: it scrolls, the page does not. */}
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(r) => r.record.username}
          label={t('it.board.tableLabel')}
          // Inside its own scroll box a header stuck 80 px down would cover the first rows.
          stickyTop={0}
          loading={isLoading}
          emptyText={all.length ? t('it.board.noMatch') : t('it.board.empty')}
          defaultSort={{ key: 'user', direction: 'asc' }}
          csvFilename="it-board.csv"
        />
      </Box>
    </>
  );
}
