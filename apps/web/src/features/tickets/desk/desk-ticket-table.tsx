import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { TICKET_PRIORITIES, TICKET_STATUSES, type TTicketPriority, type TTicketStatus, type TTicketUser } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { UserAvatar } from '../../../components/user-avatar';
import { formatMinutes } from '../../../lib/format';
import { TicketPriorityChip, TicketStatusChip } from '../components/ticket-chips';
import { deskTicketPath, ownerName } from '../ticket-format';

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
}

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
export function DeskTicketTable({ rows, atLabel, label }: { rows: DeskRow[]; atLabel: string; label: string }) {
  const { i18n } = useTranslation();
  // The thread's "Back to the desk" returns to this very view (filters, tab, page).
  const { pathname, search } = useLocation();
  const back = pathname + search;
  const columns = useMemo((): DataTableColumn<DeskRow>[] => {
    const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
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
              sx={{ color: 'text.primary', fontWeight: 600, textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
            >
              {r.subject}
            </Box>
            {r.overdueMinutes !== null ? (
              <Box sx={{ mt: 0.5 }}>
                <WaitingChip minutes={r.overdueMinutes} />
              </Box>
            ) : null}
          </>
        ),
        // The whole card is the link on phones: no link inside a link.
        cardCell: (r) => r.subject,
      },
      {
        key: 'owner',
        label: 'tickets.fields.owner',
        sortValue: (r) => ownerName(r.user),
        cell: (r) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
            <UserAvatar user={{ ...r.user, avatar: '' }} size={28} />
            {ownerName(r.user)}
          </Box>
        ),
        cardCell: (r) => ownerName(r.user),
      },
      { key: 'department', label: 'tickets.fields.department', sortValue: (r) => r.department, cell: (r) => r.department },
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
            {r.assignee ? ownerName(r.assignee) : '—'}
          </Box>
        ),
      },
      {
        key: 'at',
        header: atLabel,
        csvHeader: atLabel,
        sortValue: (r) => Date.parse(r.at),
        csv: (r) => r.at,
        cellSx: { whiteSpace: 'nowrap' },
        cell: (r) => <time dateTime={r.at}>{time.format(new Date(r.at))}</time>,
      },
    ];
  }, [atLabel, back, i18n.language]);

  return <DataTable rows={rows} columns={columns} rowKey={(r) => r.id} label={label} rowLink={(r) => ({ to: deskTicketPath(r.id), state: { back } })} />;
}
