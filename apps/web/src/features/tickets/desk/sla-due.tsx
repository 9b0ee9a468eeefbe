import Box from '@mui/material/Box';
import FlagRounded from '@mui/icons-material/FlagRounded';
import type { TSlaKind, TTicketSla } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';

export interface SlaDue {
  kind: TSlaKind;
  at: string;
  /** Past due now, or a target already missed (met late counts too). */
  flagged: boolean;
  overdue: boolean;
}

/**
 * The next time the desk owes the requester something: the first response while there has
 * been none, else the resolution. Null when the desk set no target that still applies.
 */
export function nextSlaDue(
  ticket: { sla: TTicketSla | null; first_response_at: string | null },
  now: number,
): SlaDue | null {
  const sla = ticket.sla;
  if (!sla) return null;
  const kind: TSlaKind | null =
    !ticket.first_response_at && sla.first_response_due_at
      ? 'first_response'
      : sla.resolution_due_at
        ? 'resolution'
        : null;
  if (!kind) return null;
  const at = (kind === 'first_response' ? sla.first_response_due_at : sla.resolution_due_at)!;
  const overdue = Date.parse(at) <= now;
  return { kind, at, overdue, flagged: overdue || sla.breached.length > 0 };
}

/** The current time, moved on every `everyMs` so that relative times and flags stay true. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The queue's "Due" cell: relative time, a flag when overdue or missed, and words for screen readers. */
export function SlaDueCell({ due, now }: { due: SlaDue | null; now: number }) {
  const { t } = useTranslation();
  if (!due) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        <span aria-hidden>—</span>
        <Box component="span" sx={visuallyHidden}>
          {t('desk.sla.none')}
        </Box>
      </Box>
    );
  }
  const relative = formatRelativeTime(due.at, now);
  const kind = t(`tickets.thread.sla.${due.kind}`);
  const label = due.overdue
    ? t('desk.sla.overdueLabel', { kind, relative })
    : due.flagged
      ? t('desk.sla.missedLabel', { kind, relative })
      : t('desk.sla.dueLabel', { kind, relative });
  return (
    <Box
      component="span"
      title={formatDateTime(due.at)}
      data-flagged={due.flagged || undefined}
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        whiteSpace: 'nowrap',
        fontWeight: due.flagged ? 600 : 400,
        ...(due.flagged && {
          color: '#b3261e',
          ...theme.applyStyles('dark', { color: '#ffb4ab' }),
        }),
      })}
    >
      {due.flagged ? <FlagRounded fontSize="small" aria-hidden /> : null}
      <span aria-hidden>
        {due.overdue ? t('desk.sla.overdueShort', { relative }) : relative}
        <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', fontWeight: 400, color: 'text.secondary' }}>
          {kind}
        </Box>
      </span>
      {/* Words, not colour alone: what the flag and the short text mean. */}
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Box>
  );
}
