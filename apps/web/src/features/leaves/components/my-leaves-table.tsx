import type { TLeaveRequest } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { useFailureToast } from '../../../lib/api/use-failure-toast';
import { useMyLeavesQuery } from '../api/leaves-api';
import { formatDays, formatLeaveDates, leaveLink, leaveTypeName } from '../leave-format';
import { LeaveActions } from './leave-actions';
import { LeaveStatusChip } from './leave-status-chip';
import { LeaveTypeName } from './leave-type-name';

/** The caller's own requests, submitted (waiting) or all of them, each opening its page. */
export function MyLeavesTable({ status }: { status: 'submitted' | 'history' }) {
  const { t } = useTranslation();
  const { data = [], isLoading, error } = useMyLeavesQuery({ status });
  useFailureToast(error, `my-leaves-${status}-failed`);
  const columns: DataTableColumn<TLeaveRequest>[] = [
    {
      key: 'type',
      label: 'leaves.fields.type',
      cell: (row) => <LeaveTypeName type={row.leave_type} />,
      sortValue: (row) => leaveTypeName(t, row.leave_type),
      placement: 'primary',
    },
    {
      key: 'status',
      label: 'leaves.fields.status',
      cell: (row) => <LeaveStatusChip status={row.status} />,
      sortValue: (row) => t(`leaves.statuses.${row.status}`),
      placement: 'secondary',
    },
    {
      key: 'dates',
      label: 'leaves.fields.dates',
      cell: (row) => formatLeaveDates(row),
      sortValue: (row) => row.start_date,
      sortFirst: 'desc',
    },
    {
      key: 'days',
      label: 'leaves.fields.days',
      cell: (row) => formatDays(row.days),
      sortValue: (row) => row.days,
      align: 'right',
    },
    {
      key: 'submitted',
      label: 'leaves.fields.submitted',
      cell: (row) => formatDateTime(row.created_at),
      sortValue: (row) => row.created_at,
      sortFirst: 'desc',
    },
  ];
  return (
    <DataTable
      rows={data}
      columns={columns}
      rowKey={(row) => row.id}
      label={t(status === 'submitted' ? 'leaves.lists.submittedLabel' : 'leaves.lists.historyLabel')}
      loading={isLoading}
      emptyText={t(status === 'submitted' ? 'leaves.lists.submittedEmpty' : 'leaves.lists.historyEmpty')}
      defaultSort={{ key: 'dates', direction: 'desc' }}
      rowLink={(row) => leaveLink(row.id, status)}
      actions={(row) => <LeaveActions leave={row} only={['cancel']} />}
      actionsLabel={t('leaves.fields.actions')}
      csvFilename={status === 'submitted' ? 'submitted-leaves' : 'leave-history'}
    />
  );
}
