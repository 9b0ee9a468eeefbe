import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import type { TWfmDay, TWfmDayRow, TWfmLanguageTotal } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { SearchField } from '../../../components/search-field';
import { formatList, formatMinutes, formatNumber } from '../../../lib/format';
import { selectToken } from '../../auth';
import { CHIP_TONES, tonedChip } from '../../../components/chip-tones';
import { downloadWfmDayCsv } from '../api/wfm-api';
import { clockOf } from '../wfm-time';
import { CardGrid } from './card-grid';
import { TimelineBar } from './timeline-bar';
import { WideScrollBox } from './wide-scroll-box';
import { AdherenceFigure, AdherenceFlags, DayShifts, PresenceNow, shiftsCsv } from './wfm-chips';
import { languagePairName, teamName } from '../../../lib/i18n/local-name';

export interface DayFilters {
  lang: string;
  team: string;
  q: string;
  flags: boolean;
}

const fullName = (r: { first_name: string; last_name: string; username: string }) =>
  `${r.first_name} ${r.last_name}`.trim() || r.username;
const flagged = (r: TWfmDayRow) => r.late || r.left_early || r.out_of_adherence;

/** Per language pair: online now against scheduled and, today, the required count with its gap. */
function LanguageTotals({ languages }: { languages: readonly TWfmLanguageTotal[] }) {
  const { t } = useTranslation();
  if (languages.length === 0) return null;
  return (
    <CardGrid label={t('wfm.day.totals')} mb={3}>
      {languages.map((l) => (
        <Card component="li" key={l.language} variant="outlined" sx={l.gap > 0 ? { borderColor: 'warning.main' } : {}}>
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Typography component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
              <Bidi>{languagePairName(l.language)}</Bidi>
            </Typography>
            <Typography variant="body2">
              {t('wfm.day.onlineNow', { online: formatNumber(l.online_now), total: formatNumber(l.interpreters) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('wfm.day.scheduled', { count: l.scheduled, n: formatNumber(l.scheduled) })}
            </Typography>
            {l.required_now !== null ? (
              <Typography variant="body2" color="text.secondary">
                {t('wfm.day.requiredNow', { n: formatNumber(l.required_now) })}
              </Typography>
            ) : null}
            {l.gap > 0 ? (
              <Chip
                size="small"
                icon={<WarningAmberRounded aria-hidden="true" />}
                label={t('wfm.day.gap', { count: l.gap, n: formatNumber(l.gap) })}
                data-testid="staffing-gap"
                sx={[tonedChip(CHIP_TONES.amber), { mt: 0.75, '& .MuiChip-icon': { color: 'inherit' } }]}
              />
            ) : null}
          </CardContent>
        </Card>
      ))}
    </CardGrid>
  );
}

/** The day board: totals per language pair, filters, one row per interpreter. */
export function DayBoard({
  day,
  filters,
  onFilters,
  loading,
}: {
  day: TWfmDay;
  filters: DayFilters;
  onFilters: (patch: Partial<DayFilters>) => void;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const token = useSelector(selectToken);
  const [exporting, setExporting] = useState(false);
  const tz = day.time_zone;
  // Each team once by its English name (what the filter keeps), named in the page's language.
  const teams = useMemo(() => {
    const byName = new Map<string, string>();
    for (const r of day.rows) if (r.team && !byName.has(r.team)) byName.set(r.team, teamName(r, language));
    return [...byName].sort(([, a], [, b]) => a.localeCompare(b, language));
  }, [day.rows, language]);
  const needle = filters.q.trim().toLocaleLowerCase();
  const rows = day.rows.filter(
    (r) =>
      (!filters.lang || r.languages.includes(filters.lang)) &&
      (!filters.team || r.team === filters.team) &&
      (!filters.flags || flagged(r)) &&
      (!needle || `${fullName(r)} ${r.username}`.toLocaleLowerCase().includes(needle)),
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadWfmDayCsv(day.date, token);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };

  const columns: DataTableColumn<TWfmDayRow>[] = [
    {
      key: 'name',
      label: 'wfm.columns.interpreter',
      placement: 'primary',
      sortValue: fullName,
      cell: (r) => (
        <>
          <Link
            component={RouterLink}
            to={`/wfm/${encodeURIComponent(r.username)}`}
            onClick={(e) => e.stopPropagation()}
          >
            <Bidi>{fullName(r)}</Bidi>
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ fontSize: 12 }}>
            <Bidi>{formatList(r.languages.map((l) => languagePairName(l)))}</Bidi>
          </Typography>
        </>
      ),
      cardCell: (r) => <Bidi>{fullName(r)}</Bidi>,
    },
    {
      key: 'status',
      label: 'wfm.columns.status',
      placement: 'secondary',
      sortValue: (r) => -r.online,
      csv: (r) => (r.online ? t('wfm.status.online') : t('wfm.status.offline')),
      cell: (r) => <PresenceNow online={r.online} />,
    },
    {
      // Under the name on wide screens.
      key: 'languages',
      label: 'wfm.columns.languages',
      cardOnly: true,
      csv: (r) => r.languages.join(' / '),
      cell: (r) => <Bidi>{formatList(r.languages.map((l) => languagePairName(l)))}</Bidi>,
    },
    {
      key: 'in_out',
      label: 'wfm.columns.inOut',
      sortValue: (r) => r.first_in,
      csv: (r) => `${clockOf(r.first_in, tz)}-${clockOf(r.last_out, tz)}`,
      cell: (r) =>
        r.first_in ? (
          <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>
            {clockOf(r.first_in, tz)}–{r.online ? '…' : clockOf(r.last_out, tz)}
          </Box>
        ) : (
          '—'
        ),
    },
    {
      key: 'online_minutes',
      label: 'wfm.columns.online',
      sortValue: (r) => r.online_minutes,
      csv: (r) => formatMinutes(r.online_minutes),
      cell: (r) => formatMinutes(r.online_minutes),
    },
    {
      key: 'shift',
      label: 'wfm.columns.shift',
      sortValue: (r) => r.shift?.starts_at,
      csv: (r) => shiftsCsv(r.shifts),
      cell: (r) => <DayShifts shifts={r.shifts} />,
    },
    {
      key: 'adherence',
      label: 'wfm.columns.adherence',
      sortValue: (r) => r.adherence,
      csv: (r) => (r.adherence === null ? '' : Math.round(r.adherence * 100)),
      cell: (r) => <AdherenceFigure adherence={r.adherence} />,
    },
    {
      key: 'flags',
      label: 'wfm.columns.flags',
      placement: 'secondary',
      cell: (r) => <AdherenceFlags row={r} />,
    },
    {
      key: 'timeline',
      label: 'wfm.columns.timeline',
      cellSx: { minWidth: 120, width: '14%' },
      cell: (r) => (
        <TimelineBar day={day.date} timeZone={tz} now={day.now} shifts={r.shifts} spans={r.spans} height={12} />
      ),
    },
  ];

  return (
    <>
      <LanguageTotals languages={day.languages} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <SearchField
          label={t('wfm.day.search')}
          value={filters.q}
          onChange={(q) => onFilters({ q })}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 240px' } }}
        />
        <TextField
          select
          size="small"
          label={t('wfm.day.language')}
          value={filters.lang}
          onChange={(e) => onFilters({ lang: e.target.value })}
          sx={{ width: { xs: '100%', sm: 210 } }}
        >
          <MenuItem value="">{t('wfm.day.allLanguages')}</MenuItem>
          {day.languages.map((l) => (
            <MenuItem key={l.language} value={l.language}>
              <Bidi>{languagePairName(l.language)}</Bidi>
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('wfm.day.team')}
          value={filters.team}
          onChange={(e) => onFilters({ team: e.target.value })}
          sx={{ width: { xs: '100%', sm: 170 } }}
        >
          <MenuItem value="">{t('wfm.day.allTeams')}</MenuItem>
          {teams.map(([team, name]) => (
            <MenuItem key={team} value={team}>
              <Bidi>{name}</Bidi>
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={filters.flags} onChange={(e) => onFilters({ flags: e.target.checked })} />}
          label={t('wfm.day.flagsOnly')}
        />
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          onClick={() => void exportCsv()}
          disabled={exporting}
          sx={{ marginInlineStart: { sm: 'auto' } }}
        >
          {t('wfm.day.export')}
        </Button>
      </Box>
      {day.rows.length === 0 ? <Alert severity="info">{t('wfm.day.noInterpreters')}</Alert> : null}
      <WideScrollBox label={t('wfm.day.tableLabel')}>
        <DataTable
          stickyTop={0}
          rows={rows}
          columns={columns}
          rowKey={(r) => r.username}
          label={t('wfm.day.tableLabel')}
          rowLink={(r) => ({ to: `/wfm/${encodeURIComponent(r.username)}` })}
          defaultSort={{ key: 'status', direction: 'asc' }}
          loading={loading}
          emptyText={t('wfm.day.noMatch')}
        />
      </WideScrollBox>
    </>
  );
}
