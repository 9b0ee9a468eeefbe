import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import type { TKpiScoreRow, TKpiScoresQuery, TUserType } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatNumber } from '../../../lib/format';
import { useDebounced } from '../../../lib/use-debounced';
import { selectToken } from '../../auth';
import { downloadKpiScoresCsv, useKpiScoresQuery } from '../api/kpi-api';
import { formatScore, personName, scorecardPath } from '../kpi-format';
import { PersonCell, ReadError } from './kpi-bits';
import { KpiFilterBar, teamChoices, type KpiFilters } from './kpi-filters';
import { teamName } from '../../../lib/i18n/local-name';

/** The score as a number and a bar (the bar is decoration: the number says it). */
export function ScoreBar({ score }: { score: number | null }) {
  if (score === null) return <Typography color="text.secondary">—</Typography>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 120 }}>
      <Typography component="span" sx={{ minWidth: 44, fontVariantNumeric: 'tabular-nums' }}>
        {formatScore(score)}
      </Typography>
      <LinearProgress
        aria-hidden
        variant="determinate"
        value={Math.min(100, score * 100)}
        color={score >= 1 ? 'success' : score >= 0.8 ? 'primary' : 'warning'}
        sx={{ flex: 1, height: 8, borderRadius: 4, minWidth: 48 }}
      />
    </Box>
  );
}

/** ▲ / ▼ with the change in points; the words are for screen readers. */
export function TrendMark({ trend }: { trend: number | null }) {
  const { t } = useTranslation();
  if (trend === null) {
    return (
      <Typography component="span" color="text.secondary">
        <span aria-hidden>–</span>
        <Box component="span" sx={visuallyHidden}>
          {t('kpi.trend.none')}
        </Box>
      </Typography>
    );
  }
  const points = Math.round(trend * 100);
  const direction = points > 0 ? 'up' : points < 0 ? 'down' : 'same';
  const arrow = { up: '▲', down: '▼', same: '=' }[direction];
  return (
    <Typography
      component="span"
      sx={{ color: direction === 'up' ? 'success.main' : direction === 'down' ? 'error.main' : 'text.secondary' }}
    >
      <span aria-hidden>
        {arrow} {formatNumber(Math.abs(points))}
      </span>
      <Box component="span" sx={visuallyHidden}>
        {t(`kpi.trend.${direction}`, { count: Math.abs(points) })}
      </Box>
    </Typography>
  );
}

const COLUMNS: DataTableColumn<TKpiScoreRow>[] = [
  {
    key: 'person',
    label: 'kpi.columns.person',
    placement: 'primary',
    cell: (r) => <PersonCell user={r.user} to={scorecardPath(r.user.username)} />,
    cardCell: (r) => <PersonCell user={r.user} />,
    sortValue: (r) => personName(r.user),
  },
  {
    key: 'team',
    label: 'kpi.columns.team',
    cell: (r) => <Bidi>{teamName(r) || '—'}</Bidi>,
    sortValue: (r) => teamName(r),
  },
  {
    key: 'score',
    label: 'kpi.columns.score',
    cell: (r) => <ScoreBar score={r.score} />,
    sortValue: (r) => r.score,
    sortFirst: 'desc',
  },
  { key: 'trend', label: 'kpi.columns.trend', cell: (r) => <TrendMark trend={r.trend} />, sortValue: (r) => r.trend },
  {
    key: 'recorded',
    label: 'kpi.columns.recorded',
    cell: (r) => `${formatNumber(r.recorded)} / ${formatNumber(r.expected)}`,
    sortValue: (r) => (r.expected ? r.recorded / r.expected : 0),
  },
];

/** Scores of everyone the caller may score for one period; a row opens the person's scorecard. */
export function ScoresTab({
  filters,
  onFilters,
}: {
  filters: KpiFilters;
  onFilters: (patch: Partial<KpiFilters>) => void;
}) {
  const { t, i18n } = useTranslation();
  const token = useSelector(selectToken);
  const [exporting, setExporting] = useState(false);
  const search = useDebounced(filters.q.trim());
  const query: TKpiScoresQuery = {
    period: filters.period,
    date: filters.start,
    ...(filters.department ? { department: filters.department as TUserType } : {}),
    ...(filters.team ? { team: filters.team } : {}),
    ...(search ? { search } : {}),
  };
  const { data, error, isFetching } = useKpiScoresQuery(query);
  const teams = teamChoices(data?.rows ?? [], i18n.resolvedLanguage);

  const exportCsv = async () => {
    if (!token) return;
    setExporting(true);
    try {
      await downloadKpiScoresCsv(query as Record<string, string>, token);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <KpiFilterBar filters={filters} onChange={onFilters} teams={teams}>
        <Button
          startIcon={<DownloadRounded />}
          onClick={() => void exportCsv()}
          disabled={exporting || !data?.rows.length}
        >
          {t('kpi.scores.export')}
        </Button>
      </KpiFilterBar>
      <ReadError error={error} />
      <DataTable
        label={t('kpi.scores.tableLabel')}
        rows={data?.rows ?? []}
        columns={COLUMNS}
        rowKey={(r) => r.user.username}
        rowLink={(r) => ({ to: scorecardPath(r.user.username) })}
        loading={isFetching && !data}
        emptyText={t('kpi.scores.empty')}
        defaultSort={{ key: 'score', direction: 'desc' }}
      />
    </>
  );
}
