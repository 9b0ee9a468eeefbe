import Typography from '@mui/material/Typography';
import {
  ACTIVE_TICKETS_COUNT_CAP,
  TICKET_SORT_DIRECTION,
  type TTicketDepartment,
  type TTicketSort,
  type TUser,
} from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../../../components/data-table';
import { formatNumber } from '../../../lib/format';
import { useActiveTicketsQuery } from '../api/tickets-api';
import { overdueMinutes } from '../ticket-format';
import { DeskFiltersBar } from './desk-filters-bar';
import { DeskListFrame } from './desk-list-frame';
import { BulkActionsBar } from './bulk-actions-bar';
import { DeskTicketTable, type DeskQueueTableOptions, type DeskRow } from './desk-ticket-table';
import type { DeskFilters } from './use-desk-filters';

// Answers carry whole threads (spec §3: ticket_reply); a page of 100 keeps live refreshes light.
export const DESK_QUEUE_LIMIT = 100;

/** The desk's active tickets in the order chosen (urgent first by default), with filters and bulk changes. */
export function DeskQueue({
  filters,
  update,
  departments,
  waitingMinutes,
  viewer,
}: {
  filters: DeskFilters;
  update: (patch: Partial<DeskFilters>) => void;
  departments: readonly TTicketDepartment[];
  waitingMinutes: number;
  viewer: TUser;
}) {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useActiveTicketsQuery({
    scope: 'desk',
    limit: DESK_QUEUE_LIMIT,
    sort: filters.sort,
    ...(filters.dir ? { dir: filters.dir } : {}),
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

  // Only tickets still shown stay selected (a filter or a live change may take some away).
  const [picked, setPicked] = useState<ReadonlySet<string | number>>(new Set());
  const selected = rows.filter((r) => picked.has(r.id));
  const { sort: sortKey, dir } = filters;
  const options = useMemo(
    (): DeskQueueTableOptions => ({
      sort: { key: sortKey, direction: dir ?? TICKET_SORT_DIRECTION[sortKey] },
      onSortChange: (next: SortState | null) =>
        update(
          next
            ? {
                sort: next.key as TTicketSort,
                // The natural direction stays out of the URL.
                dir: next.direction === TICKET_SORT_DIRECTION[next.key as TTicketSort] ? undefined : next.direction,
              }
            : { sort: undefined, dir: undefined },
        ),
      selection: {
        selected: picked,
        onChange: setPicked,
        rowLabel: (r) => `#${r.id} ${r.subject}`,
      },
    }),
    [sortKey, dir, update, picked],
  );
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
        {selected.length > 0 ? (
          <BulkActionsBar
            ids={selected.map((r) => r.id)}
            statuses={new Map(selected.map((r) => [r.id, r.status]))}
            departments={[...new Set(selected.map((r) => r.department as TTicketDepartment))]}
            viewer={viewer}
            onDone={() => setPicked(new Set())}
          />
        ) : null}
        <DeskTicketTable rows={rows} atLabel={t('tickets.fields.updated')} label={t('desk.queue')} queue={options} />
        {data && data.total > rows.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {data.total > ACTIVE_TICKETS_COUNT_CAP
              ? t('desk.showingMany', {
                  shown: formatNumber(rows.length),
                  total: formatNumber(ACTIVE_TICKETS_COUNT_CAP),
                })
              : t('desk.showing', { shown: formatNumber(rows.length), total: formatNumber(data.total) })}
          </Typography>
        ) : null}
      </DeskListFrame>
    </>
  );
}
