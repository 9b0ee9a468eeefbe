import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddRounded from '@mui/icons-material/AddRounded';
import NavigateBeforeRounded from '@mui/icons-material/NavigateBeforeRounded';
import NavigateNextRounded from '@mui/icons-material/NavigateNextRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import { canPlanShifts, type TShift } from '@portal/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { DateField } from '../../../components/date-fields';
import { errorText } from '../../../lib/api/api-error';
import { formatCalendarDate } from '../../../lib/format';
import { selectCurrentUser } from '../../auth';
import { useShiftsQuery, useUpdateShiftMutation, useWfmDayQuery } from '../api/wfm-api';
import { firstDayOfWeek, todayIso, weekOf } from '../wfm-time';
import { RosterGrid } from './roster-grid';
import { ShiftDialog, type ShiftDialogTarget } from './shift-dialog';
import { ShiftImportDialog } from './shift-import-dialog';

const ISO = 'YYYY-MM-DD';
const flipInRtl = { '[dir=rtl] &': { transform: 'scaleX(-1)' } };

/**
 * The schedule: a week's roster (people × days), today's week unless one is chosen. Today
 * is the portal's (TIME_ZONE, as the day board names it), not the browser's. Planners add,
 * edit, move and delete shifts in the grid, and import a file; other planners' changes
 * arrive live (/ws/wfm/ re-reads the schedule).
 */
export function ScheduleTab({ week, onWeek }: { week: string | undefined; onWeek: (day: string | undefined) => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  // The roster is a grid from md up and a list of days on phones (its own choice, the same query).
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const firstDay = firstDayOfWeek(i18n.resolvedLanguage ?? i18n.language);
  const planner = canPlanShifts(useSelector(selectCurrentUser));
  // Today's board names the portal's day and every active interpreter with their team.
  const { data: board, error: boardError } = useWfmDayQuery({});
  const today = board?.date ?? todayIso();
  const range = weekOf(week ?? today, firstDay);
  const days = Array.from({ length: 7 }, (_, i) => dayjs(range.from, ISO).add(i, 'day').format(ISO));
  const { data: shifts = [], isFetching, error } = useShiftsQuery(range);
  const [updateShift] = useUpdateShiftMutation();
  const [dialog, setDialog] = useState<ShiftDialogTarget | null>(null);
  const [importing, setImporting] = useState(false);
  const [moveError, setMoveError] = useState<string | null>(null);
  const people = board?.rows ?? [];
  const shiftWeek = (by: number) =>
    onWeek(
      dayjs(range.from, ISO)
        .add(by * 7, 'day')
        .format(ISO),
    );
  const isThisWeek = weekOf(today, firstDay).from === range.from;

  const move = async (shift: TShift, username: string, date: string) => {
    setMoveError(null);
    const result = await updateShift({
      id: shift.id,
      body: { start: shift.start, end: shift.end, note: shift.note, username, date },
    });
    if ('error' in result) setMoveError(errorText(result.error));
    else toast.success(t('wfm.schedule.moved'));
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <Box role="group" aria-label={t('wfm.roster.weekNav')} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <IconButton onClick={() => shiftWeek(-1)} aria-label={t('wfm.roster.previousWeek')}>
            <NavigateBeforeRounded sx={flipInRtl} />
          </IconButton>
          <Button onClick={() => onWeek(undefined)} disabled={isThisWeek && !week}>
            {t('wfm.roster.thisWeek')}
          </Button>
          <IconButton onClick={() => shiftWeek(1)} aria-label={t('wfm.roster.nextWeek')}>
            <NavigateNextRounded sx={flipInRtl} />
          </IconButton>
        </Box>
        <DateField
          compact
          name="week"
          label={t('wfm.roster.weekOf')}
          value={week ?? today}
          onChange={(iso) => onWeek(iso || undefined)}
        />
        <Typography component="h2" variant="subtitle1" aria-live="polite" sx={{ fontWeight: 600 }}>
          {t('wfm.roster.range', {
            from: formatCalendarDate(range.from, 'date'),
            to: formatCalendarDate(range.to, 'date'),
          })}
        </Typography>
        {planner ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, marginInlineStart: { md: 'auto' } }}>
            <Button variant="outlined" startIcon={<UploadFileRounded />} onClick={() => setImporting(true)}>
              {t('wfm.import.open')}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddRounded />}
              onClick={() => setDialog({ kind: 'add', username: '', date: today })}
            >
              {t('wfm.schedule.add')}
            </Button>
          </Box>
        ) : null}
      </Box>
      {planner ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {wide ? t('wfm.roster.hint') : t('wfm.roster.hintPhone')}
        </Typography>
      ) : null}
      {moveError ? (
        <Alert severity="error" onClose={() => setMoveError(null)} sx={{ mb: 2 }}>
          {moveError}
        </Alert>
      ) : null}
      {error || boardError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText((error ?? boardError)!)}
        </Alert>
      ) : null}
      {isFetching || !board ? <LinearProgress aria-label={t('loader.loading')} sx={{ mb: 1 }} /> : null}
      {board ? (
        <RosterGrid
          days={days}
          today={today}
          people={people}
          shifts={shifts}
          planner={planner}
          onAdd={(username, date) => setDialog({ kind: 'add', username, date })}
          onEdit={(shift) => setDialog({ kind: 'edit', shift })}
          onMove={(shift, username, date) => void move(shift, username, date)}
        />
      ) : null}
      {planner ? (
        <>
          <ShiftDialog target={dialog} people={people} onClose={() => setDialog(null)} />
          <ShiftImportDialog open={importing} onClose={() => setImporting(false)} />
        </>
      ) : null}
    </>
  );
}
