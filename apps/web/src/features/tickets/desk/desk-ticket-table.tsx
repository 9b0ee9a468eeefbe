import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  TICKET_PRIORITIES,
  TICKET_SORT_DIRECTION,
  TICKET_SORTS,
  TICKET_STATUSES,
  type TTicketPriority,
  type TTicketSla,
  type TTicketSort,
  type TTicketStatus,
  type TTicketUser,
} from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  DataTable,
  sortKindOf,
  type DataTableColumn,
  type DataTableSelection,
  type SortState,
} from '../../../components/data-table';
import { Bidi } from '../../../components/bidi';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDateTime, formatMinutes, formatRelativeTime } from '../../../lib/format';
import { TicketPriorityChip, TicketStatusChip } from '../components/ticket-chips';
import { deskTicketPath, ownerName } from '../ticket-format';
import { nextSlaDue, SlaDueCell, useNow } from './sla-due';

export interface DeskRow {
  id: number;
  subject: string;
  user: TTicketUser;
  department: string;
  priority: TTicketPriority;
  status: TTicketStatus;
  assignee: TTicketUser | null;
  /** Last activity (queue) or closing time (history). */
  at: string;
  /** Minutes waiting for the desk, when longer than the desk's threshold. */
  overdueMinutes: number | null;
  created_at: string;
  first_response_at: string | null;
  sla: TTicketSla | null;
}

/** The queue's extras: the server's order, the Due and Opened columns, and row selection. */
export interface DeskQueueTableOptions {
  sort: SortState;
  onSortChange: (sort: SortState | null) => void;
  selection: DataTableSelection<DeskRow>;
}

const isTicketSort = (key: string): key is TTicketSort => (TICKET_SORTS as readonly string[]).includes(key);

function WaitingChip({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t('desk.waitingFor', { time: formatMinutes(minutes) })}
      sx={(theme) => ({
        fontWeight: 600,
        color: '#8c1d18',
        bgcolor: '#fde7e4',
        ...theme.applyStyles('dark', { color: '#ffb8b0', bgcolor: 'rgba(255, 90, 80, 0.18)' }),
      })}
    />
  );
}

const PRIORITY_RANK = Object.fromEntries(TICKET_PRIORITIES.map((p, i) => [p, i])) as Record<TTicketPriority, number>;
const STATUS_RANK = Object.fromEntries(TICKET_STATUSES.map((s, i) => [s, i])) as Record<TTicketStatus, number>;

/** Tickets of the desk: a table on wide screens, cards on phones; each opens the desk's thread. */
export function DeskTicketTable({
  rows,
  atLabel,
  label,
  queue,
}: {
  rows: DeskRow[];
  atLabel: string;
  label: string;
  queue?: DeskQueueTableOptions;
}) {
  // Relative times and SLA flags move on by themselves, once a minute.
  const now = useNow();
  // The thread's "Back to the desk" returns to this very view (filters, tab, page).
  const { pathname, search } = useLocation();
  const back = pathname + search;
  const columns = useMemo((): DataTableColumn<DeskRow>[] => {
    return [
      {
        key: 'id',
        header: '#',
        csvHeader: '#',
        placement: 'primary',
        sortValue: (r) => r.id,
        cellSx: { color: 'text.secondary' },
        cell: (r) => r.id,
        cardCell: (r) => (
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            #{r.id}
          </Box>
        ),
      },
      {
        key: 'subject',
        label: 'tickets.fields.subject',
        placement: 'primary',
        sortValue: (r) => r.subject,
        cellSx: { maxWidth: 360 },
        cell: (r) => (
          <>
            {/* The link makes the row reachable by keyboard; the row's click is for the mouse. */}
            <Box
              component={Link}
              to={deskTicketPath(r.id)}
              state={{ back }}
              onClick={(e) => e.stopPropagation()}
              sx={{
                color: 'text.primary',
                fontWeight: 600,
                textDecoration: 'none',
                '&:hover': { textDecoration: 'underline' },
              }}
            >
              <Bidi>{r.subject}</Bidi>
            </Box>
            {r.overdueMinutes !== null ? (
              <Box sx={{ mt: 0.5 }}>
                <WaitingChip minutes={r.overdueMinutes} />
              </Box>
            ) : null}
          </>
        ),
        // The whole card is the link on phones: no link inside a link.
        cardCell: (r) => <Bidi>{r.subject}</Bidi>,
      },
      {
        key: 'requester',
        label: 'tickets.fields.owner',
        sortValue: (r) => ownerName(r.user),
        cell: (r) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
            <UserAvatar user={{ ...r.user, avatar: '' }} size={28} />
            <Bidi>{ownerName(r.user)}</Bidi>
          </Box>
        ),
        cardCell: (r) => <Bidi>{ownerName(r.user)}</Bidi>,
      },
      {
        key: 'department',
        label: 'tickets.fields.department',
        sortValue: (r) => r.department,
        cell: (r) => r.department,
      },
      {
        key: 'priority',
        label: 'tickets.fields.priority',
        placement: 'secondary',
        sortValue: (r) => PRIORITY_RANK[r.priority],
        csv: (r) => r.priority,
        cell: (r) => <TicketPriorityChip priority={r.priority} />,
      },
      {
        key: 'status',
        label: 'tickets.fields.status',
        placement: 'secondary',
        sortValue: (r) => STATUS_RANK[r.status],
        csv: (r) => r.status,
        cell: (r) => <TicketStatusChip status={r.status} />,
      },
      {
        key: 'waiting',
        header: null,
        placement: 'secondary',
        // Wide screens show it under the subject; on phones beside the chips, as before.
        cardOnly: true,
        cell: (r) => (r.overdueMinutes !== null ? <WaitingChip minutes={r.overdueMinutes} /> : null),
      },
      {
        key: 'assignee',
        label: 'tickets.assignee.column',
        sortValue: (r) => (r.assignee ? ownerName(r.assignee) : null),
        cellSx: { whiteSpace: 'nowrap' },
        cell: (r) => (
          <Box component="span" sx={{ color: r.assignee ? 'text.primary' : 'text.secondary' }}>
            {r.assignee ? <Bidi>{ownerName(r.assignee)}</Bidi> : '—'}
          </Box>
        ),
      },
      ...(queue
        ? ([
            {
              key: 'created',
              label: 'tickets.fields.created',
              sortValue: (r) => Date.parse(r.created_at),
              sortKind: 'date',
              cellSx: { whiteSpace: 'nowrap' },
              cell: (r) => (
                <time dateTime={r.created_at} title={formatDateTime(r.created_at)}>
                  {formatRelativeTime(r.created_at, now)}
                </time>
              ),
            },
          ] satisfies DataTableColumn<DeskRow>[])
        : []),
      {
        key: 'activity',
        header: atLabel,
        csvHeader: atLabel,
        sortValue: (r) => Date.parse(r.at),
        sortKind: 'date',
        csv: (r) => r.at,
        cellSx: { whiteSpace: 'nowrap' },
        cell: (r) =>
          queue ? (
            <time dateTime={r.at} title={formatDateTime(r.at)}>
              {formatRelativeTime(r.at, now)}
            </time>
          ) : (
            <time dateTime={r.at}>{formatDateTime(r.at)}</time>
          ),
      },
      ...(queue
        ? ([
            {
              key: 'due',
              label: 'desk.sla.due',
              placement: 'secondary',
              sortValue: (r) => nextSlaDue(r, now)?.at ?? null,
              sortKind: 'date',
              cell: (r) => <SlaDueCell due={nextSlaDue(r, now)} now={now} />,
            },
          ] satisfies DataTableColumn<DeskRow>[])
        : []),
    ];
  }, [atLabel, back, now, queue]);

  // The queue is sorted by the server (the whole queue, not this page): headers ask it.
  const shown = useMemo(
    () =>
      queue
        ? columns.map((c) => ({
            ...c,
            sortValue: undefined,
            compare: undefined,
            sortable: isTicketSort(c.key),
            sortFirst: isTicketSort(c.key) ? TICKET_SORT_DIRECTION[c.key] : undefined,
            // Said before the values go: the phones' sort choice names the order by it.
            sortKind: c.sortKind ?? sortKindOf(c, rows),
          }))
        : columns,
    [columns, queue, rows],
  );

  return (
    <DataTable
      rows={rows}
      columns={shown}
      rowKey={(r) => r.id}
      label={label}
      rowLink={(r) => ({ to: deskTicketPath(r.id), state: { back } })}
      {...(queue ? { sort: queue.sort, onSortChange: queue.onSortChange, selection: queue.selection } : {})}
    />
  );
}
