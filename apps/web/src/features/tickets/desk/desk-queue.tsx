import Typography from '@mui/material/Typography';
import type { TTicketDepartment } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useActiveTicketsQuery } from '../api/tickets-api';
import { overdueMinutes } from '../ticket-format';
import { DeskFiltersBar } from './desk-filters-bar';
import { DeskListFrame } from './desk-list-frame';
import { DeskTicketTable, type DeskRow } from './desk-ticket-table';
import type { DeskFilters } from './use-desk-filters';

// Answers carry whole threads (spec §3: ticket_reply); a page of 100 keeps live refreshes light.
const QUEUE_LIMIT = 100;

/** The desk's active tickets, newest activity first, with the queue's filters. */
export function DeskQueue({
  filters,
  update,
  departments,
  waitingMinutes,
}: {
  filters: DeskFilters;
  update: (patch: Partial<DeskFilters>) => void;
  departments: readonly TTicketDepartment[];
  waitingMinutes: number;
}) {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useActiveTicketsQuery({
    scope: 'desk',
    limit: QUEUE_LIMIT,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.department ? { department: filters.department } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    ...(filters.assignee ? { assignee: filters.assignee } : {}),
    ...(filters.search ? { search: filters.search } : {}),
  });
  const rows: DeskRow[] = (data?.tickets ?? []).map((ticket) => ({
    ...ticket,
    at: ticket.ticket_reply.at(-1)?.created_at ?? ticket.created_at,
    overdueMinutes: overdueMinutes(ticket.waiting_since, waitingMinutes),
  }));
  return (
    <>
      <DeskFiltersBar filters={filters} update={update} departments={departments} withStatus />
      <DeskListFrame
        id="desk-queue-failed"
        isLoading={isLoading}
        error={error}
        empty={rows.length === 0}
        emptyText={t('desk.queueEmpty')}
        onRetry={() => void refetch()}
      >
        <DeskTicketTable rows={rows} atLabel={t('tickets.fields.updated')} label={t('desk.queue')} />
        {data && data.total > rows.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('desk.showing', { shown: rows.length, total: data.total })}
          </Typography>
        ) : null}
      </DeskListFrame>
    </>
  );
}
