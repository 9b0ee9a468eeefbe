import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  isLeaveApproverFor,
  LEAVE_INBOX_SORTS,
  STAFF_DEPARTMENTS,
  ZLeaveDecisionRequest,
  ZStaffDepartment,
  type TBulkLeaveDecisionResult,
  type TLeaveRequest,
} from '@portal/contracts';
import type { ParseKeys } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link as RouterLink, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DateRangeFields, DatesProvider } from '../../../components/date-fields';
import { issueSaid } from '../../../components/form/field-error-text';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { SelectionToolbar } from '../../../components/selection-toolbar';
import { errorText, fieldMessages, type Said } from '../../../lib/api/api-error';
import { formatDateTime } from '../../../lib/format';
import { translateSaid } from '../../../lib/i18n/messages';
import { urlField, useUrlFilters } from '../../../lib/use-url-filters';
import { selectCurrentUser } from '../../auth';
import { useDecideLeavesMutation, useLeaveInboxQuery, useLeaveTypesQuery } from '../api/leaves-api';
import { LeaveCommentDialog } from '../components/leave-comment-dialog';
import { LeaveStatusChip } from '../components/leave-status-chip';
import { LeaveTypeName } from '../components/leave-type-name';
import { LeavePageLayout } from '../components/leaves-nav';
import { formatDays, formatLeaveDates, leaveLink, leaveTypeName, personName } from '../leave-format';
import { departmentName } from '../../../components/department-name';

/** Filters and order live in the URL, so reload, back and a shared link keep them. */
const ZInboxView = z.object({
  type: z.coerce.number().int().positive().optional().catch(undefined),
  department: ZStaffDepartment.optional().catch(undefined),
  from: urlField.isoDate(),
  to: urlField.isoDate(),
  sort: urlField.oneOf(LEAVE_INBOX_SORTS),
});

const SORT_LABELS: Record<(typeof LEAVE_INBOX_SORTS)[number], ParseKeys> = {
  oldest: 'leaves.inbox.sortOldest',
  newest: 'leaves.inbox.sortNewest',
  start: 'leaves.inbox.sortStart',
};
const ALL = '';

type Decision = 'approve' | 'reject';

/** The contract's own rule: a rejection says why. */
const checkReject = (comment: string) => {
  const parsed = ZLeaveDecisionRequest.safeParse({ decision: 'reject', comment });
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  return issue && issueSaid(issue);
};

/** What was not decided in the last bulk decision, each with the reason it alone would have been given. */
function RefusedList({
  refused,
  rows,
  onClose,
}: {
  refused: TBulkLeaveDecisionResult[];
  rows: Map<number, TLeaveRequest>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" onClose={onClose} sx={{ mb: 2 }} data-testid="bulk-refused">
      <AlertTitle>{t('leaves.inbox.refusedTitle', { count: refused.length })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
        {refused.map((r) => {
          const leave = rows.get(r.id);
          return (
            <li key={r.id}>
              {leave ? <Bidi>{personName(leave.user)}</Bidi> : t('leaves.inbox.requestNumber', { id: r.id })}
              {leave ? ` · ${formatLeaveDates(leave)}` : ''}
              {': '}
              {r.refusal ? translateSaid(r.refusal) : null}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}

/**
 * The approvals inbox: every request waiting for the caller's decision, filtered and sorted
 * (in the URL), each opening its page; several may be approved or rejected at once with one
 * comment, each decided by the same rules as on its own. Live: requests arriving or decided
 * elsewhere come and go (the leave listeners re-read the list), and the selection follows.
 */
export function LeaveApprovalsPage() {
  const { t } = useTranslation();
  const user = useSelector(selectCurrentUser);
  const { pathname, search } = useLocation();
  const back = `${pathname}${search}`;
  const [view, update] = useUrlFilters(ZInboxView);
  const departments = useMemo(() => (user ? STAFF_DEPARTMENTS.filter((d) => isLeaveApproverFor(user, d)) : []), [user]);
  const department = view.department && departments.includes(view.department) ? view.department : undefined;
  const { data: types = [] } = useLeaveTypesQuery();
  const { data, error, isLoading, isFetching, refetch } = useLeaveInboxQuery({
    ...(view.type ? { leave_type: view.type } : {}),
    ...(department ? { department } : {}),
    ...(view.from ? { from: view.from } : {}),
    ...(view.to && (!view.from || view.to >= view.from) ? { to: view.to } : {}),
    sort: view.sort ?? 'oldest',
  });
  const rows = useMemo(() => data ?? [], [data]);
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const [picked, setPicked] = useState<ReadonlySet<string | number>>(new Set());
  // Only what is still listed stays selected: a request decided elsewhere drops out.
  const selected = useMemo(() => new Set([...picked].filter((id) => byId.get(Number(id))?.can.decide)), [picked, byId]);
  const [asking, setAsking] = useState<Decision | null>(null);
  const [refused, setRefused] = useState<{ results: TBulkLeaveDecisionResult[]; rows: Map<number, TLeaveRequest> }>();
  const [decideLeaves, deciding] = useDecideLeavesMutation();
  const filtered = !!(view.type || department || view.from || view.to);

  const run = async (decision: Decision, comment: string): Promise<Said | undefined> => {
    const ids = [...selected].map(Number);
    const shown = new Map(byId);
    const result = await decideLeaves({ ids, decision, comment });
    if ('error' in result) {
      const onComment = fieldMessages(result.error).comment?.[0];
      if (onComment) return onComment;
      toast.error(errorText(result.error), { toastId: 'leave-bulk-failed' });
      setAsking(null);
      return undefined;
    }
    const { decided, results } = result.data;
    const notDecided = results.filter((r) => r.outcome === 'refused');
    if (decided > 0) {
      toast.success(
        t(decision === 'approve' ? 'leaves.inbox.approvedCount' : 'leaves.inbox.rejectedCount', { count: decided }),
      );
    }
    setRefused(notDecided.length > 0 ? { results: notDecided, rows: shown } : undefined);
    setPicked(new Set(notDecided.map((r) => r.id)));
    setAsking(null);
    return undefined;
  };

  const columns: DataTableColumn<TLeaveRequest>[] = [
    {
      key: 'requester',
      label: 'leaves.detail.requester',
      // Keyboards open the request by this link (the mouse anywhere on the row; on phones, the card).
      cell: (row) => (
        <Link component={RouterLink} {...leaveLink(row.id, 'approvals', back)} sx={{ fontWeight: 600 }}>
          <Bidi>{personName(row.user)}</Bidi>
        </Link>
      ),
      cardCell: (row) => <Bidi>{personName(row.user)}</Bidi>,
      csv: (row) => personName(row.user),
      placement: 'primary',
    },
    {
      key: 'type',
      label: 'leaves.fields.type',
      cell: (row) => <LeaveTypeName type={row.leave_type} />,
      csv: (row) => leaveTypeName(t, row.leave_type),
      placement: 'secondary',
    },
    {
      key: 'department',
      label: 'leaves.inbox.department',
      cell: (row) => <Bidi>{departmentName(t, row.user.user_type)}</Bidi>,
      csv: (row) => row.user.user_type,
    },
    { key: 'dates', label: 'leaves.fields.dates', cell: (row) => formatLeaveDates(row) },
    { key: 'days', label: 'leaves.fields.days', cell: (row) => formatDays(row.days), align: 'right' },
    { key: 'submitted', label: 'leaves.fields.submitted', cell: (row) => formatDateTime(row.created_at) },
    { key: 'status', label: 'leaves.fields.status', cell: (row) => <LeaveStatusChip status={row.status} /> },
  ];

  const current = asking === 'approve' ? 'approve' : 'reject';
  return (
    <LeavePageLayout title={t('leaves.inbox.title')} subtitle={t('leaves.inbox.intro')}>
      <DatesProvider>
        <Box
          role="search"
          aria-label={t('leaves.inbox.filters')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}
        >
          <TextField
            select
            size="small"
            label={t('leaves.fields.type')}
            value={view.type && types.some((x) => x.id === view.type) ? view.type : ALL}
            onChange={(e) => update({ type: e.target.value ? Number(e.target.value) : undefined })}
            sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value={ALL}>{t('leaves.inbox.allTypes')}</MenuItem>
            {types.map((type) => (
              <MenuItem key={type.id} value={type.id}>
                <LeaveTypeName type={type} />
              </MenuItem>
            ))}
          </TextField>
          {departments.length > 1 ? (
            <TextField
              select
              size="small"
              label={t('leaves.inbox.department')}
              value={department ?? ALL}
              onChange={(e) => update({ department: ZStaffDepartment.safeParse(e.target.value).data })}
              sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value={ALL}>{t('leaves.inbox.allDepartments')}</MenuItem>
              {departments.map((d) => (
                <MenuItem key={d} value={d}>
                  <Bidi>{departmentName(t, d)}</Bidi>
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <DateRangeFields
            compact
            label={t('leaves.inbox.dates')}
            from={{ name: 'from', label: t('leaves.inbox.from'), value: view.from ?? '' }}
            to={{ name: 'to', label: t('leaves.inbox.to'), value: view.to ?? '' }}
            onChange={({ from, to }) => update({ from: from || undefined, to: to || undefined })}
          />
          <TextField
            select
            size="small"
            label={t('leaves.inbox.sort')}
            value={view.sort ?? 'oldest'}
            onChange={(e) => update({ sort: LEAVE_INBOX_SORTS.find((s) => s === e.target.value) })}
            sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          >
            {LEAVE_INBOX_SORTS.map((sort) => (
              <MenuItem key={sort} value={sort}>
                {t(SORT_LABELS[sort])}
              </MenuItem>
            ))}
          </TextField>
          {filtered ? (
            <Button
              onClick={() => update({ type: undefined, department: undefined, from: undefined, to: undefined })}
              sx={{ alignSelf: 'center' }}
            >
              {t('leaves.inbox.clearFilters')}
            </Button>
          ) : null}
        </Box>
      </DatesProvider>

      {error ? <LoadFailedAlert title={t('leaves.inbox.failed')} error={error} onRetry={() => void refetch()} /> : null}
      {refused ? (
        <RefusedList refused={refused.results} rows={refused.rows} onClose={() => setRefused(undefined)} />
      ) : null}
      {data ? (
        <Typography role="status" color="text.secondary" sx={{ mb: 1.5 }} data-testid="inbox-count">
          {t(filtered ? 'leaves.inbox.countFiltered' : 'leaves.inbox.count', { count: rows.length })}
        </Typography>
      ) : null}

      {selected.size > 0 ? (
        <SelectionToolbar
          label={t('leaves.inbox.bulkToolbar')}
          selected={t('leaves.inbox.selected', { count: selected.size })}
        >
          <Button variant="contained" color="success" onClick={() => setAsking('approve')}>
            {t('leaves.inbox.approveSelected')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setAsking('reject')}>
            {t('leaves.inbox.rejectSelected')}
          </Button>
        </SelectionToolbar>
      ) : null}

      <Box aria-busy={isFetching}>
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(row) => row.id}
          label={t('leaves.inbox.tableLabel')}
          loading={isLoading}
          emptyText={t(filtered ? 'leaves.inbox.emptyFiltered' : 'leaves.inbox.empty')}
          rowLink={(row) => leaveLink(row.id, 'approvals', back)}
          selection={{
            selected,
            onChange: setPicked,
            rowLabel: (row) =>
              t('leaves.inbox.selectRow', { name: personName(row.user), dates: formatLeaveDates(row) }),
          }}
        />
      </Box>

      <LeaveCommentDialog
        open={asking !== null}
        title={t(current === 'approve' ? 'leaves.inbox.approveTitle' : 'leaves.inbox.rejectTitle', {
          count: selected.size,
        })}
        body={t(current === 'approve' ? 'leaves.inbox.approveBody' : 'leaves.inbox.rejectBody')}
        confirmLabel={t(current === 'approve' ? 'leaves.inbox.approveSelected' : 'leaves.inbox.rejectSelected')}
        commentLabel={t(current === 'approve' ? 'leaves.actions.commentOptional' : 'leaves.actions.commentRequired')}
        danger={current === 'reject'}
        busy={deciding.isLoading}
        check={current === 'reject' ? checkReject : undefined}
        onConfirm={(comment) => (asking ? run(asking, comment) : Promise.resolve(undefined))}
        onClose={() => setAsking(null)}
      />
    </LeavePageLayout>
  );
}
