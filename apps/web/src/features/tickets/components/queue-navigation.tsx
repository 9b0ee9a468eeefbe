import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { ZActiveTicketsQuery, type TActiveTicketsQuery } from '@portal/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { ticketsApi, useActiveTicketsQuery } from '../api/tickets-api';
import { DESK_QUEUE_LIMIT } from '../desk/desk-queue';
import { DESK_DEFAULT_SORT } from '../desk/use-desk-filters';
import { deskTicketPath } from '../ticket-format';

/** The queue's filters the desk page puts in its URL (the other keys are its view state). */
const FILTER_KEYS = ['sort', 'dir', 'status', 'department', 'priority', 'assignee', 'search'] as const;

/** The queue's filters from the desk URL the thread was opened from (`/dashboard?priority=urgent…`). */
export function queueFiltersFrom(back: string | null): Partial<TActiveTicketsQuery> {
  const params = new URLSearchParams(back?.split('?')[1] ?? '');
  const filters: Record<string, unknown> = { sort: DESK_DEFAULT_SORT };
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    const valid = value ? ZActiveTicketsQuery.shape[key].safeParse(value) : null;
    if (valid?.success && valid.data !== undefined) filters[key] = valid.data;
  }
  return filters;
}

const sameFilters = (a: Partial<TActiveTicketsQuery>, b: Partial<TActiveTicketsQuery>) =>
  FILTER_KEYS.every((key) => (a[key] ?? null) === (b[key] ?? null));

/**
 * Previous and next around `current` in the queue's order. A ticket that has just left the
 * queue (closed, filtered out) keeps its place: `lastIndex` is where it was.
 */
export function queueNeighbours(
  ids: readonly number[],
  current: number,
  lastIndex: number | null,
): { index: number | null; previous: number | null; next: number | null } {
  const index = ids.indexOf(current);
  if (index >= 0) return { index, previous: ids[index - 1] ?? null, next: ids[index + 1] ?? null };
  if (lastIndex === null) return { index: null, previous: null, next: null };
  return { index: null, previous: ids[lastIndex - 1] ?? null, next: ids[lastIndex] ?? null };
}

/** Keys typed into a field are text, not shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    !!target.closest('[role="listbox"], [role="menu"], [role="combobox"], [role="dialog"]')
  );
}

const flipInRtl = (theme: Theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {});

/**
 * "3 of 17" with Previous / Next through the desk queue the thread was opened from (its
 * filters and order, from the "Back to the desk" URL); `k` and `j` outside text fields.
 */
export function QueueNavigation({ ticketId, back }: { ticketId: number; back: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const store = useStore<Parameters<typeof ticketsApi.util.selectCachedArgsForQuery>[0]>();
  const argsRef = useRef<TActiveTicketsQuery | null>(null);
  if (!argsRef.current) {
    const filters = queueFiltersFrom(back);
    // The desk queue's own cache entry when it is still there (same order, no request).
    const cached = ticketsApi.util
      .selectCachedArgsForQuery(store.getState(), 'activeTickets')
      .find((a) => a.scope === 'desk' && sameFilters(a, filters));
    argsRef.current = cached ?? { scope: 'desk', limit: DESK_QUEUE_LIMIT, ...filters };
  }
  const { data } = useActiveTicketsQuery(argsRef.current);
  const ids = useMemo(() => data?.tickets.map((ticket) => ticket.id) ?? [], [data]);

  const lastIndex = useRef<number | null>(null);
  const lastTicket = useRef(ticketId);
  if (lastTicket.current !== ticketId) {
    lastTicket.current = ticketId;
    lastIndex.current = null;
  }
  const { index, previous, next } = queueNeighbours(ids, ticketId, lastIndex.current);
  if (index !== null) lastIndex.current = index;

  const go = (id: number | null) => {
    if (id !== null) void navigate(deskTicketPath(id), { state: back ? { back } : null });
  };
  const goRef = useRef({ previous, next, go });
  goRef.current = { previous, next, go };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || isTyping(e.target)) return;
      const { previous: p, next: n, go: move } = goRef.current;
      if (e.key === 'j' && n !== null) move(n);
      else if (e.key === 'k' && p !== null) move(p);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!data || (index === null && previous === null && next === null)) return null;
  return (
    <Box
      component="nav"
      aria-label={t('tickets.thread.queueLabel')}
      aria-keyshortcuts="k j"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
    >
      <Tooltip title={`${t('tickets.thread.previous')} (k)`}>
        <span>
          <IconButton
            aria-label={t('tickets.thread.previous')}
            disabled={previous === null}
            onClick={() => go(previous)}
          >
            <ChevronLeftRounded sx={flipInRtl} />
          </IconButton>
        </span>
      </Tooltip>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ minWidth: 56, textAlign: 'center', whiteSpace: 'nowrap' }}
      >
        {index === null
          ? t('tickets.thread.notInQueue')
          : t('tickets.thread.queuePosition', { position: formatNumber(index + 1), total: formatNumber(ids.length) })}
      </Typography>
      <Tooltip title={`${t('tickets.thread.next')} (j)`}>
        <span>
          <IconButton aria-label={t('tickets.thread.next')} disabled={next === null} onClick={() => go(next)}>
            <ChevronRightRounded sx={flipInRtl} />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
