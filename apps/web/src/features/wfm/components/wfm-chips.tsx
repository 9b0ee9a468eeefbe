import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import type { TAdherence } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatMinutes } from '../../../lib/format';
import { PresenceStatus } from '../../interpreters';
import { CHIP_TONES, tonedChip } from '../../../components/chip-tones';
import { formatAdherence } from '../wfm-time';

/** Online or offline now, in WFM's words. */
export function PresenceNow({ online }: { online: 0 | 1 }) {
  const { t } = useTranslation();
  return <PresenceStatus online={online} label={online ? t('wfm.status.online') : t('wfm.status.offline')} />;
}

/** Adherence as a percentage with a small bar; a dash without a shift. */
export function AdherenceFigure({ adherence }: { adherence: number | null }) {
  const { t } = useTranslation();
  if (adherence === null) return <span title={t('wfm.noShift')}>—</span>;
  const percent = Math.round(Math.min(Math.max(adherence, 0), 1) * 100);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 90 }}>
      <Box component="span" sx={{ minWidth: 40, fontVariantNumeric: 'tabular-nums' }}>
        {formatAdherence(adherence)}
      </Box>
      <LinearProgress
        aria-hidden="true"
        variant="determinate"
        value={percent}
        color={percent >= 90 ? 'success' : percent >= 70 ? 'warning' : 'error'}
        sx={{ flex: 1, height: 6, borderRadius: 3, minWidth: 40 }}
      />
    </Box>
  );
}

/** Late, left early and out of adherence now, as worded chips. */
export function AdherenceFlags({
  row,
}: {
  row: Pick<TAdherence, 'late' | 'late_minutes' | 'left_early' | 'early_minutes'> & { out_of_adherence?: boolean };
}) {
  const { t } = useTranslation();
  const chips: { key: string; label: string; tone: keyof typeof CHIP_TONES }[] = [];
  if (row.out_of_adherence) chips.push({ key: 'out', label: t('wfm.flags.outOfAdherence'), tone: 'red' });
  if (row.late)
    chips.push({
      key: 'late',
      label:
        row.late_minutes > 0 ? t('wfm.flags.lateBy', { time: formatMinutes(row.late_minutes) }) : t('wfm.flags.late'),
      tone: 'amber',
    });
  if (row.left_early)
    chips.push({
      key: 'early',
      label:
        row.early_minutes > 0
          ? t('wfm.flags.earlyBy', { time: formatMinutes(row.early_minutes) })
          : t('wfm.flags.early'),
      tone: 'amber',
    });
  if (chips.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
      {chips.map((c) => (
        <Chip key={c.key} size="small" label={c.label} sx={tonedChip(CHIP_TONES[c.tone])} />
      ))}
    </Box>
  );
}

/** "+1" beside a time on the next day (said in words to screen readers). */
export function NextDayMark() {
  const { t } = useTranslation();
  return (
    <>
      <Box component="sup" aria-hidden="true" title={t('wfm.nextDay')} sx={{ fontSize: '0.7em', ml: 0.25 }}>
        +1
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {` (${t('wfm.nextDay')})`}
      </Box>
    </>
  );
}

/** A shift's times `HH:MM–HH:MM`, "+1" when it ends the next day. */
export function ShiftTimes({
  shift,
  part = 'both',
}: {
  shift: { start: string; end: string; crosses_midnight: boolean } | null;
  part?: 'both' | 'start' | 'end';
}) {
  const { t } = useTranslation();
  if (!shift) return <span>{t('wfm.noShift')}</span>;
  const text = part === 'both' ? `${shift.start}–${shift.end}` : shift[part];
  return (
    <Box component="span" dir="ltr" sx={{ whiteSpace: 'nowrap', unicodeBidi: 'isolate' }}>
      {text}
      {shift.crosses_midnight && part !== 'start' ? <NextDayMark /> : null}
    </Box>
  );
}

/** Every shift of a day, in time order ("No shift" without one). */
export function DayShifts({
  shifts,
}: {
  shifts: readonly { start: string; end: string; crosses_midnight: boolean }[];
}) {
  if (shifts.length === 0) return <ShiftTimes shift={null} />;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1 }}>
      {shifts.map((s) => (
        <ShiftTimes key={`${s.start}-${s.end}`} shift={s} />
      ))}
    </Box>
  );
}

/** A day's shifts as a CSV cell: `08:00-12:00; 16:00-20:00`. */
export const shiftsCsv = (shifts: readonly { start: string; end: string }[]) =>
  shifts.map((s) => `${s.start}-${s.end}`).join('; ');
