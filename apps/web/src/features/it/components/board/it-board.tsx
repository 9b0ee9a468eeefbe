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
import { formatDateTime, formatNumber, formatTime } from '../../../../lib/format';
import { useMinuteClock } from '../../../../lib/use-minute-clock';
import { useItListQuery } from '../../api/it-api';
import { selectIt } from '../../it.slice';
import { boardCounts, boardRows, filterRows, statusRank, type ItBoardRow } from './board-model';
import { forDuration, ItStatusChip } from './it-status-chip';
import { useItBoardFilters } from './use-it-board-filters';
import { LoadFailedAlert } from '../../../../components/load-failed-alert';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { departmentName } from '../../../../components/department-name';

const pct = (value: number | null) =>
  value === null ? null : formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 });

/**
 * The current app: its title (or "redacted"), the process, and since when it is in front.
 * On an offline machine it is the last window seen: its timer stops at the last sign of life.
 */
function CurrentApp({ row, now }: { row: ItBoardRow; now: number }) {
  const { t } = useTranslation();
  const app = row.app;
  if (!app) return <>{t('it.board.noApp')}</>;
  const until = row.offline && row.lastSeen ? Math.max(Date.parse(row.lastSeen), Date.parse(app.switch_time)) : now;
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
        <time dateTime={app.switch_time} title={formatDateTime(app.switch_time)} data-testid="app-duration">
          {forDuration(t, app.switch_time, until)}
        </time>
      </Typography>
    </Box>
  );
}

/** A figure of the machine; on an offline one, the last value seen (said so, for screen readers too). */
function Figure({ row, value }: { row: ItBoardRow; value: string | null }) {
  const { t } = useTranslation();
  if (value === null) return <>{t('it.board.none')}</>;
  if (!row.offline) return <>{value}</>;
  return (
    <span data-testid="last-value">
      {value}
      <Box component="span" sx={visuallyHidden}>
        {t('it.board.lastValueHint')}
      </Box>
    </span>
  );
}

/** Who and which machine: the person (linked to their day), the username, the host name. */
function UserCell({ row }: { row: ItBoardRow }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <MuiLink component={Link} to={`/it/${encodeURIComponent(row.record.username)}`} sx={{ fontWeight: 600 }}>
        <Bidi>{row.name}</Bidi>
      </MuiLink>
      <Typography variant="body2" color="text.secondary">
        <Bidi>@{row.record.username}</Bidi>
        {row.machine ? (
          <>
            {' · '}
            <Box component="span" sx={visuallyHidden}>
              {t('it.board.machineLabel')}{' '}
            </Box>
            <Bidi dir="ltr">{row.machine.hostname}</Bidi>
          </>
        ) : null}
      </Typography>
      {row.offline && row.lastSeen ? (
        <Typography variant="body2" color="text.secondary" data-testid="last-seen">
          <time dateTime={row.lastSeen} title={formatDateTime(row.lastSeen)}>
            {t('it.board.lastSeen', { time: formatTime(row.lastSeen) })}
          </time>
        </Typography>
      ) : null}
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

  // One row per machine; rows of one person sit together (sorted by name, then host).
  const all = useMemo(() => Object.values(byUsername).flatMap((r) => boardRows(r, new Date(now))), [byUsername, now]);
  const counts = useMemo(() => boardCounts(all), [all]);
  const rows = useMemo(() => filterRows(all, filters), [all, filters]);
  const departments = useMemo(() => USER_TYPES.filter((type) => all.some((r) => r.record.user_type === type)), [all]);
  const none = t('it.board.none');

  const columns: DataTableColumn<ItBoardRow>[] = [
    {
      key: 'user',
      label: 'it.board.columns.user',
      placement: 'primary',
      sortValue: (r) => `${r.name}\u0000${r.machine?.hostname ?? ''}`,
      cell: (r) => <UserCell row={r} />,
      csv: (r) => r.record.username,
    },
    {
      key: 'machine',
      label: 'it.board.columns.machine',
      placement: 'hidden',
      cardOnly: true,
      csv: (r) => r.machine?.hostname ?? '',
      cell: () => null,
    },
    {
      key: 'department',
      label: 'it.board.columns.department',
      sortValue: (r) => r.record.user_type,
      cell: (r) => <Bidi>{departmentName(t, r.record.user_type)}</Bidi>,
    },
    {
      key: 'status',
      label: 'it.board.columns.status',
      placement: 'secondary',
      sortValue: (r) => statusRank(r.status),
      csv: (r) => r.status,
      cell: (r) => (
        <Box data-testid="it-row-state" data-offline={r.offline || undefined}>
          <ItStatusChip status={r.status} since={r.since} now={now} />
        </Box>
      ),
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
      cell: (r) => <Figure row={r} value={pct(r.cpu)} />,
    },
    {
      key: 'ram',
      label: 'it.board.columns.ram',
      align: 'right',
      sortValue: (r) => r.ram,
      cell: (r) => <Figure row={r} value={pct(r.ram)} />,
    },
    {
      key: 'disk',
      label: 'it.board.columns.disk',
      align: 'right',
      sortValue: (r) => r.disk,
      cell: (r) => <Figure row={r} value={pct(r.disk)} />,
    },
    {
      key: 'latency',
      label: 'it.board.columns.latency',
      align: 'right',
      sortValue: (r) => r.latency,
      cell: (r) => (
        <Figure
          row={r}
          value={r.latency === null ? null : t('it.board.ms', { value: formatNumber(Math.round(r.latency)) })}
        />
      ),
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
              <Bidi>{departmentName(t, d)}</Bidi>
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
          rowKey={(r) => r.key}
          // Offline: the last values seen, greyed (text.secondary keeps its contrast; no opacity).
          rowSx={(r) => (r.offline ? { bgcolor: 'action.hover', '& td, & dd, & dt': { color: 'text.secondary' } } : {})}
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
