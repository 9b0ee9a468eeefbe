import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import type { TUserType } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { formatCalendarDate } from '../../../lib/format';
import { departmentName } from '../../../components/department-name';

const ALL = '';
// "Previous" points back along the reading direction: left in English, right in Arabic.
const flipInRtl = (theme: Theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {});

/** Month navigation (previous, this month, next), the department filter and the CSV export. */
export function CalendarToolbar({
  month,
  department,
  departments,
  onMonth,
  onToday,
  onDepartment,
  onExport,
  canExport,
}: {
  month: string;
  department: TUserType | undefined;
  departments: readonly TUserType[];
  onMonth: (delta: number) => void;
  onToday: () => void;
  onDepartment: (department: TUserType | undefined) => void;
  onExport: () => void;
  canExport: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton onClick={() => onMonth(-1)} aria-label={t('leaveCalendar.previousMonth')}>
          <ChevronLeftRounded sx={flipInRtl} />
        </IconButton>
        <Typography component="h2" variant="h6" aria-live="polite" sx={{ minWidth: 150, textAlign: 'center' }}>
          {formatCalendarDate(`${month}-01`, 'monthYear')}
        </Typography>
        <IconButton onClick={() => onMonth(1)} aria-label={t('leaveCalendar.nextMonth')}>
          <ChevronRightRounded sx={flipInRtl} />
        </IconButton>
        <Button onClick={onToday} size="small" variant="outlined">
          {t('leaveCalendar.thisMonth')}
        </Button>
      </Box>
      <TextField
        select
        size="small"
        label={t('leaveCalendar.department')}
        value={department ?? ALL}
        onChange={(e) => onDepartment((e.target.value || undefined) as TUserType | undefined)}
        fullWidth={false}
        sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value={ALL}>{t('leaveCalendar.allDepartments')}</MenuItem>
        {departments.map((d) => (
          <MenuItem key={d} value={d}>
            <Bidi>{departmentName(t, d)}</Bidi>
          </MenuItem>
        ))}
      </TextField>
      <Button
        onClick={onExport}
        disabled={!canExport}
        startIcon={<DownloadRounded />}
        variant="outlined"
        sx={{ marginInlineStart: { sm: 'auto' } }}
      >
        {t('leaveCalendar.exportCsv')}
      </Button>
    </Box>
  );
}
