import Box from '@mui/material/Box';
import type { TPresenceSpan, TWfmDayRow } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatList } from '../../../lib/format';
import { clockOf, DAY_MINUTES, minutesIntoDay } from '../wfm-time';

const pct = (minutes: number) => `${(Math.min(Math.max(minutes, 0), DAY_MINUTES) / DAY_MINUTES) * 100}%`;

/**
 * One day on a 24-hour axis: the shift as an outline, presence as filled spans. A shift
 * running past midnight reaches the right edge open (dashed) with a "+1".
 *
 * The axis stays left to right in Arabic too, on purpose: a clock time line is read left to
 * right in Arabic schedules and charts (like the digits in "08:00–16:00"), and mirroring it
 * would put morning on the right of the hour labels users compare it with. Positions are
 * inline styles: the right-to-left style cache flips `left`/`right` written in sx.
 */
export function TimelineBar({
  day,
  timeZone,
  now,
  shifts,
  spans,
  height = 14,
}: {
  day: string;
  timeZone: string;
  /** Where an open span ends (the server's "now"). */
  now: string;
  /** The day's shifts (a split shift has several). */
  shifts: TWfmDayRow['shifts'];
  spans: readonly TPresenceSpan[];
  height?: number;
}) {
  const { t } = useTranslation();
  const at = (iso: string) => minutesIntoDay(iso, day, timeZone);
  const online = spans.map(
    (s) => `${clockOf(s.from, timeZone)}–${s.to ? clockOf(s.to, timeZone) : t('wfm.timeline.now')}`,
  );
  const label = t('wfm.timeline.summary', {
    shift: shifts.length
      ? formatList(
          shifts.map((shift) => `${shift.start}–${shift.end}${shift.crosses_midnight ? ` (${t('wfm.nextDay')})` : ''}`),
          'unit',
        )
      : t('wfm.noShift'),
    online: online.length ? formatList(online, 'unit') : t('wfm.timeline.offline'),
  });
  const nextDay = shifts.some((shift) => at(shift.ends_at) > DAY_MINUTES);
  return (
    <Box dir="ltr" sx={{ width: '100%', minWidth: 0 }}>
      <Box
        role="img"
        aria-label={label}
        sx={{
          position: 'relative',
          height,
          borderRadius: 1,
          bgcolor: 'action.hover',
          overflow: 'hidden',
          // Hour lines at 6, 12 and 18 (symmetric, so a flip would not matter).
          backgroundImage: (theme) =>
            `linear-gradient(to right, ${[25, 50, 75]
              .map(
                (p) =>
                  `transparent calc(${p}% - 0.5px), ${theme.palette.divider} calc(${p}% - 0.5px), ${theme.palette.divider} calc(${p}% + 0.5px), transparent calc(${p}% + 0.5px)`,
              )
              .join(', ')})`,
        }}
      >
        {spans.map((s, i) => {
          const from = at(s.from);
          const to = at(s.to ?? now);
          return (
            <Box
              key={i}
              data-testid="presence-span"
              style={{ left: pct(from), width: `calc(${pct(to)} - ${pct(from)})` }}
              sx={{ position: 'absolute', top: 2, bottom: 2, minWidth: 2, bgcolor: 'success.main', borderRadius: 0.5 }}
            />
          );
        })}
        {shifts.map((shift) => {
          const end = at(shift.ends_at);
          return (
            <Box
              key={shift.id}
              data-testid="shift-outline"
              style={{
                left: pct(at(shift.starts_at)),
                width: `calc(${pct(end)} - ${pct(at(shift.starts_at))})`,
                ...(end > DAY_MINUTES
                  ? { borderRightStyle: 'dashed', borderTopRightRadius: 0, borderBottomRightRadius: 0 }
                  : {}),
              }}
              sx={{ position: 'absolute', top: 0, bottom: 0, border: 2, borderColor: 'primary.main', borderRadius: 1 }}
            />
          );
        })}
      </Box>
      {nextDay ? (
        <Box aria-hidden="true" sx={{ position: 'relative', height: 14, fontSize: 10, color: 'text.secondary' }}>
          <span style={{ position: 'absolute', right: 0 }}>+1</span>
        </Box>
      ) : null}
    </Box>
  );
}
