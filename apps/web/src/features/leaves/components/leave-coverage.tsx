import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import type { TCoverageDay } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { BidiTrans } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { formatCalendarDate, formatNumber } from '../../../lib/format';
import { CHIP_TONES, tonedChip } from '../../../components/chip-tones';
import { useLeaveCoverageQuery } from '../api/leaves-api';

const percent = (share: number) => formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });

/**
 * For whoever decides: on each day of the request, how many of the requester's department
 * are already off (approved and pending, the requester left out), and a warning past the
 * configured share.
 */
export function LeaveCoverage({ leaveId }: { leaveId: number }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useLeaveCoverageQuery(leaveId);
  if (isLoading) return <Skeleton variant="rounded" height={120} />;
  if (isError || !data) return <Alert severity="info">{t('leaves.coverage.failed')}</Alert>;
  const working = data.days.filter((day) => day.working);
  const warned = working.filter((day) => day.warning);
  const columns: DataTableColumn<TCoverageDay>[] = [
    {
      key: 'date',
      label: 'leaves.coverage.day',
      cell: (day) => formatCalendarDate(day.date, 'weekdayDayMonth'),
      sortValue: (day) => day.date,
      placement: 'primary',
    },
    {
      key: 'off',
      label: 'leaves.coverage.off',
      cell: (day) => t('leaves.coverage.offOf', { off: formatNumber(day.off), headcount: formatNumber(day.headcount) }),
      sortValue: (day) => day.off,
    },
    {
      key: 'share',
      label: 'leaves.coverage.share',
      cell: (day) => (
        <Box sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {percent(day.share)}
          {day.warning ? (
            <Chip size="small" label={t('leaves.coverage.overLimit')} sx={tonedChip(CHIP_TONES.red)} />
          ) : null}
        </Box>
      ),
      sortValue: (day) => day.share,
    },
  ];
  return (
    <Box data-testid="leave-coverage">
      {warned.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <BidiTrans
            i18nKey="leaves.coverage.warning"
            count={warned.length}
            values={{ share: percent(data.warning_share), department: data.department }}
          />
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('leaves.coverage.fine', { share: percent(data.warning_share) })}
        </Alert>
      )}
      <DataTable
        rows={working}
        columns={columns}
        rowKey={(day) => day.date}
        label={t('leaves.coverage.title')}
        emptyText={t('leaves.coverage.empty')}
        size="small"
      />
    </Box>
  );
}
