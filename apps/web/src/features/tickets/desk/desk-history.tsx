import Pagination from '@mui/material/Pagination';
import type { TTicketDepartment } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useTicketHistoryQuery } from '../api/tickets-api';
import { DeskFiltersBar } from './desk-filters-bar';
import { DeskListFrame } from './desk-list-frame';
import { DeskTicketTable, type DeskRow } from './desk-ticket-table';
import type { DeskFilters } from './use-desk-filters';

const PAGE_SIZE = 20;

/** Closed tickets of the desk, newest closed first: searchable and paged. */
export function DeskHistory({
  filters,
  update,
  departments,
}: {
  filters: DeskFilters;
  update: (patch: Partial<DeskFilters>) => void;
  departments: readonly TTicketDepartment[];
}) {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useTicketHistoryQuery({
    scope: 'desk',
    page: filters.page,
    page_size: PAGE_SIZE,
    ...(filters.department ? { department: filters.department } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    ...(filters.search ? { search: filters.search } : {}),
  });
  const rows: DeskRow[] = (data?.results ?? []).map((ticket) => ({
    ...ticket,
    at: ticket.closed_at ?? ticket.updated_at,
    overdueMinutes: null,
  }));
  const pages = Math.ceil((data?.count ?? 0) / PAGE_SIZE);
  return (
    <>
      <DeskFiltersBar filters={filters} update={update} departments={departments} withStatus={false} />
      <DeskListFrame
        id="desk-history-failed"
        isLoading={isLoading}
        error={error}
        empty={rows.length === 0}
        emptyText={t('desk.historyEmpty')}
        onRetry={() => void refetch()}
      >
        <DeskTicketTable rows={rows} atLabel={t('desk.closedAt')} label={t('desk.history')} />
        {pages > 1 ? (
          <Pagination
            sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
            count={pages}
            page={Math.min(filters.page, pages)}
            onChange={(_e, page) => update({ page })}
          />
        ) : null}
      </DeskListFrame>
    </>
  );
}
