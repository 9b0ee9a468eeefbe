import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BarChart } from '@mui/x-charts/BarChart';
import { USER_TYPES, type TDepartmentSummary, type TUserType } from '@portal/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DateRangeFields, DatesProvider } from '../../../components/date-fields';
import { SectionCard } from '../../../components/section-card';
import { ChartFigure, chartFormat, useChartDirection } from '../../../components/charts';
import { errorText } from '../../../lib/api/api-error';
import { formatMinutes, formatNumber } from '../../../lib/format';
import { selectToken } from '../../auth';
import { downloadSummaryCsv, useReportSummaryQuery } from '../api/reports-api';
import { departmentName } from '../../../components/department-name';

const figure = (v: number | null, digits = 1) =>
  v === null ? '—' : formatNumber(v, { maximumFractionDigits: digits });

/**
 * Tickets and leave days per department: departments along one axis (from the right in
 * Arabic), counts in the reader's digits along the other, the figures as a table for screen
 * readers (the visible table below has them too, with more columns).
 */
export function SummaryChart({ rows }: { rows: readonly TDepartmentSummary[] }) {
  const { t } = useTranslation();
  const dir = useChartDirection();
  const series = [
    { key: 'tickets_opened', label: t('reports.summary.ticketsOpened') },
    { key: 'tickets_closed', label: t('reports.summary.ticketsClosed') },
    { key: 'leave_days_taken', label: t('reports.summary.leaveDays') },
  ] as const;
  const total = (r: TDepartmentSummary) => r.tickets_opened + r.tickets_closed + r.leave_days_taken;
  const busiest = rows.reduce((a, b) => (total(b) > total(a) ? b : a));
  return (
    <ChartFigure
      title={t('reports.summary.chartTitle')}
      summary={t('reports.summary.chartSummary', {
        department: departmentName(t, busiest.department),
        opened: figure(busiest.tickets_opened, 0),
        closed: figure(busiest.tickets_closed, 0),
        leave: figure(busiest.leave_days_taken),
      })}
      table={{
        category: t('reports.summary.department'),
        series: series.map((s) => s.label),
        rows: rows.map((r) => ({
          label: departmentName(t, r.department),
          values: series.map((s) => figure(r[s.key])),
        })),
      }}
    >
      <BarChart
        height={280}
        margin={dir.margin()}
        xAxis={[
          {
            scaleType: 'band',
            data: rows.map((r) => departmentName(t, r.department)),
            label: t('reports.summary.department'),
            ...dir.xAxis,
          },
        ]}
        yAxis={[
          { label: t('reports.summary.countAxis'), tickMinStep: 1, valueFormatter: chartFormat.count, ...dir.yAxis },
        ]}
        series={series.map((s) => ({
          data: rows.map((r) => r[s.key]),
          label: s.label,
          valueFormatter: (v: number | null) => figure(v),
        }))}
      />
    </ChartFigure>
  );
}

/** "Summaries" (ADMIN and directors): each department's figures for a period, as a table and a chart, with CSV. */
export function ReportSummaries() {
  const { t } = useTranslation();
  const token = useSelector(selectToken);
  const [department, setDepartment] = useState<TUserType | ''>('');
  const [from, setFrom] = useState(() => dayjs().startOf('month').format('YYYY-MM-DD'));
  const [to, setTo] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [exporting, setExporting] = useState(false);
  const query = { from, to, ...(department ? { department } : {}) };
  const { data, error, isFetching } = useReportSummaryQuery(query, { skip: !from || !to || to < from });

  const columns: DataTableColumn<TDepartmentSummary>[] = [
    {
      key: 'department',
      label: 'reports.summary.department',
      placement: 'primary',
      cell: (r) => departmentName(t, r.department),
      sortValue: (r) => r.department,
    },
    {
      key: 'opened',
      label: 'reports.summary.ticketsOpened',
      cell: (r) => formatNumber(r.tickets_opened),
      sortValue: (r) => r.tickets_opened,
    },
    {
      key: 'closed',
      label: 'reports.summary.ticketsClosed',
      cell: (r) => formatNumber(r.tickets_closed),
      sortValue: (r) => r.tickets_closed,
    },
    {
      key: 'firstResponse',
      label: 'reports.summary.firstResponse',
      cell: (r) => (r.first_response_median_minutes === null ? '—' : formatMinutes(r.first_response_median_minutes)),
      sortValue: (r) => r.first_response_median_minutes,
    },
    {
      key: 'leave',
      label: 'reports.summary.leaveDays',
      cell: (r) => figure(r.leave_days_taken),
      sortValue: (r) => r.leave_days_taken,
    },
    {
      key: 'kpi',
      label: 'reports.summary.kpiAverage',
      cell: (r) => figure(r.kpi_average),
      sortValue: (r) => r.kpi_average,
    },
    {
      key: 'online',
      label: 'reports.summary.onlineHours',
      cell: (r) => figure(r.online_hours),
      sortValue: (r) => r.online_hours,
    },
    {
      key: 'adherence',
      label: 'reports.summary.adherence',
      cell: (r) => (r.adherence === null ? '—' : formatNumber(r.adherence, { style: 'percent' })),
      sortValue: (r) => r.adherence,
    },
  ];

  const exportCsv = async () => {
    if (!token) return;
    setExporting(true);
    try {
      await downloadSummaryCsv(query, token);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };

  const rows = data?.rows ?? [];
  return (
    <DatesProvider>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 2fr auto' },
          alignItems: 'start',
          mb: 2,
        }}
      >
        <TextField
          select
          size="small"
          label={t('reports.summary.department')}
          value={department}
          onChange={(e) => setDepartment(e.target.value as TUserType | '')}
        >
          <MenuItem value="">{t('reports.summary.allDepartments')}</MenuItem>
          {USER_TYPES.filter((d) => d !== 'GUEST').map((d) => (
            <MenuItem key={d} value={d}>
              {departmentName(t, d)}
            </MenuItem>
          ))}
        </TextField>
        <DateRangeFields
          label={t('reports.summary.period')}
          from={{ name: 'from', label: t('reports.summary.from'), value: from }}
          to={{ name: 'to', label: t('reports.summary.to'), value: to }}
          onChange={(range) => {
            setFrom(range.from);
            setTo(range.to);
          }}
          compact
        />
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          loading={exporting}
          disabled={rows.length === 0}
          onClick={() => void exportCsv()}
        >
          {t('reports.summary.exportCsv')}
        </Button>
      </Box>
      {error ? <Alert severity="error">{errorText(error)}</Alert> : null}
      {rows.length > 0 ? (
        <SectionCard title={t('reports.summary.chartTitle')}>
          <SummaryChart rows={rows} />
        </SectionCard>
      ) : null}
      <Box sx={{ mt: 2 }}>
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(r) => r.department}
          label={t('reports.summary.tableLabel')}
          loading={isFetching && !data}
          emptyText={t('reports.summary.empty')}
        />
      </Box>
    </DatesProvider>
  );
}
