import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TSlaKind, TTicket } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useNow } from '../desk/sla-due';

type Standing = 'due' | 'overdue' | 'met' | 'missed';

/** Where a ticket stands against one target: met or missed once done, else due or overdue now. */
export function slaStanding(ticket: TTicket, kind: TSlaKind, dueAt: string, now = Date.now()): Standing {
  const breached = ticket.sla?.breached.includes(kind) ?? false;
  const doneAt = kind === 'first_response' ? ticket.first_response_at : ticket.closed_at;
  if (doneAt) return breached ? 'missed' : 'met';
  return breached || Date.parse(dueAt) < now ? 'overdue' : 'due';
}

const ICON = { due: ScheduleRounded, overdue: ErrorRounded, met: CheckCircleRounded, missed: ErrorRounded };
const COLOR = { due: 'text.secondary', overdue: 'error.main', met: 'success.main', missed: 'error.main' };

/** The ticket's due times for its desk's targets (first response, resolution), with breaches. */
export function TicketSla({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation();
  const now = useNow();
  const sla = ticket.sla;
  if (!sla) return null;
  const rows = (
    [
      ['first_response', sla.first_response_due_at],
      ['resolution', sla.resolution_due_at],
    ] as const
  ).filter((row): row is [TSlaKind, string] => row[1] !== null);
  if (rows.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={t('tickets.thread.sla.title')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 3 } }}
    >
      {rows.map(([kind, dueAt]) => {
        const standing = slaStanding(ticket, kind, dueAt, now);
        const Icon = ICON[standing];
        const relative = formatRelativeTime(dueAt, now, 'long');
        const what =
          standing === 'due'
            ? t('tickets.thread.sla.due', { relative })
            : standing === 'overdue'
              ? t('tickets.thread.sla.overdue', { relative })
              : t(`tickets.thread.sla.${standing}`);
        return (
          <Box
            key={kind}
            data-sla={kind}
            data-standing={standing}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <Icon fontSize="small" sx={{ color: COLOR[standing], mt: 0.25 }} aria-hidden="true" />
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`tickets.thread.sla.${kind}`)}:{' '}
                <Box component="span" sx={{ color: standing === 'due' ? 'text.primary' : COLOR[standing] }}>
                  {what}
                </Box>
              </Typography>
              <Typography variant="caption" color="text.secondary" component="time" dateTime={dueAt}>
                {t('tickets.thread.sla.at', { time: formatDateTime(dueAt) })}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
