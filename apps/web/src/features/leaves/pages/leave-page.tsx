import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import PrintRounded from '@mui/icons-material/PrintRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { canSeeBalancesOf, isLeaveApproverFor, type TLeaveRequest } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, useLocation, useParams } from 'react-router';
import { Bidi } from '../../../components/bidi';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/format';
import { selectCurrentUser } from '../../auth';
import { AttachmentList } from '../../../components/attachments';
import { useLeaveBalancesQuery, useLeaveQuery } from '../api/leaves-api';
import { BalanceCard } from '../components/leave-balances';
import { LeaveActions } from '../components/leave-actions';
import { LeaveCertificate } from '../components/leave-certificate';
import { LeaveCoverage } from '../components/leave-coverage';
import { LeaveStatusChip } from '../components/leave-status-chip';
import { LeaveTimeline } from '../components/leave-timeline';
import { LeaveTypeName } from '../components/leave-type-name';
import { approvesLeave, LEAVE_PATHS } from '../components/leaves-nav';
import { formatDays, formatLeaveDates, LEAVE_BACK_PLACES, personName, type LeaveBackPlace } from '../leave-format';
import { RecordMissingPage } from '../../../components/not-found-page';
import { departmentName } from '../../../components/department-name';

/** One term of the request's description list; `wide` spans both columns. */
function Detail({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The requester's balance of this type in the year the leave starts. */
function RequesterBalance({ leave }: { leave: TLeaveRequest }) {
  const { t } = useTranslation();
  const year = Number(leave.start_date.slice(0, 4));
  const { data, isLoading } = useLeaveBalancesQuery({ user: leave.user.id, year });
  const balance = data?.balances.find((b) => b.leave_type.id === leave.leave_type.id);
  if (isLoading) return <Skeleton variant="rounded" height={140} />;
  if (!balance) return <Typography color="text.secondary">{t('leaves.balances.failed')}</Typography>;
  return <BalanceCard balance={balance} />;
}

function LeaveView({ leave }: { leave: TLeaveRequest }) {
  const { t } = useTranslation();
  const viewer = useSelector(selectCurrentUser);
  const own = viewer?.id === leave.user.id;
  const approver = !!viewer && !own && isLeaveApproverFor(viewer, leave.user.user_type);
  const showBalance = !!viewer && canSeeBalancesOf(viewer, leave.user);
  const halfDay = leave.half_day ? t(`leaves.halfDay.${leave.half_day}`) : null;
  return (
    <>
      <PageHeader
        title={t('pages.leaveDetail', { ticketId: leave.id })}
        subtitle={
          <>
            <LeaveTypeName type={leave.leave_type} /> · {formatLeaveDates(leave)}
          </>
        }
        actions={
          leave.status === 'approved' ? (
            <Button variant="outlined" startIcon={<PrintRounded />} onClick={() => window.print()}>
              {t('leaves.certificate.print')}
            </Button>
          ) : undefined
        }
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <LeaveStatusChip status={leave.status} size="medium" />
        <LeaveActions leave={leave} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
          <SectionCard title={t('leaves.detail.request')}>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
            >
              <Detail label={t('leaves.detail.requester')}>
                <Bidi>{personName(leave.user)}</Bidi> · <Bidi>{departmentName(t, leave.user.user_type)}</Bidi>
              </Detail>
              <Detail label={t('leaves.fields.type')}>
                <LeaveTypeName type={leave.leave_type} />
              </Detail>
              <Detail label={t('leaves.fields.dates')}>{formatLeaveDates(leave)}</Detail>
              <Detail label={t('leaves.fields.days')}>
                {t('leaves.detail.workingDays', { count: leave.days, days: formatDays(leave.days) })}
                {halfDay ? ` · ${halfDay}` : ''}
              </Detail>
              <Detail label={t('leaves.fields.submitted')}>{formatDateTime(leave.created_at)}</Detail>
              {leave.recorded_by ? (
                <Detail label={t('leaves.detail.recordedBy')}>
                  <Bidi>{personName(leave.recorded_by)}</Bidi>
                </Detail>
              ) : null}
              <Detail label={t('leaves.fields.reason')} wide>
                {leave.reason ? (
                  <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                    <Bidi>{leave.reason}</Bidi>
                  </Box>
                ) : (
                  t('leaves.detail.noReason')
                )}
              </Detail>
            </Box>
            <AttachmentList attachments={leave.attachments} />
          </SectionCard>
          {approver ? (
            <SectionCard title={t('leaves.coverage.title')} hint={t('leaves.coverage.hint')}>
              <LeaveCoverage leaveId={leave.id} />
            </SectionCard>
          ) : null}
        </Box>
        <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
          {showBalance ? (
            <SectionCard title={t(own ? 'leaves.detail.myBalance' : 'leaves.detail.theirBalance')}>
              <RequesterBalance leave={leave} />
            </SectionCard>
          ) : null}
          <SectionCard title={t('leaves.detail.timeline')}>
            <LeaveTimeline entries={leave.timeline} />
          </SectionCard>
        </Box>
      </Box>
      {leave.status === 'approved' ? <LeaveCertificate leave={leave} /> : null}
    </>
  );
}

const BACK_PATHS: Record<LeaveBackPlace, string> = {
  home: '/',
  approvals: LEAVE_PATHS.approvals,
  submitted: LEAVE_PATHS.submitted,
  history: LEAVE_PATHS.history,
  calendar: LEAVE_PATHS.calendar,
};

/**
 * Where the back link goes: the page the request was opened from (with its filters), else
 * the approvals inbox for someone deciding another's request, else the caller's history.
 */
function useBackLink(leave: TLeaveRequest | undefined): { to: string; place: LeaveBackPlace } {
  const viewer = useSelector(selectCurrentUser);
  const state = useLocation().state as { leaveBack?: { place?: unknown; from?: unknown } } | null;
  const place = LEAVE_BACK_PLACES.find((p) => p === state?.leaveBack?.place);
  if (place) {
    const from = state?.leaveBack?.from;
    // Only a same-app path of that place (a crafted state never sends anyone elsewhere).
    const to = typeof from === 'string' && from.startsWith(BACK_PATHS[place]) ? from : BACK_PATHS[place];
    return { to, place };
  }
  const deciding = !!leave && leave.user.id !== viewer?.id && approvesLeave(viewer);
  return deciding ? { to: LEAVE_PATHS.approvals, place: 'approvals' } : { to: LEAVE_PATHS.history, place: 'history' };
}

/** `leaves/{ticketId}` (spec §2): one request, its steps, and what the caller may do with it. */
export function LeavePage() {
  const { t } = useTranslation();
  const { ticketId } = useParams();
  const id = Number(ticketId);
  const valid = Number.isInteger(id) && id > 0;
  const { data: leave, isError, isLoading } = useLeaveQuery(id, { skip: !valid });
  const backTo = useBackLink(leave);
  const back = (
    <Button
      component={Link}
      to={backTo.to}
      startIcon={<ArrowBackRounded sx={(theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {})} />}
    >
      {t(`leaves.detail.backTo.${backTo.place}`)}
    </Button>
  );
  if (!valid || (isError && !leave)) {
    // Missing and not-yours look the same (the server answers 404 for both).
    return (
      <RecordMissingPage
        title={t('leaves.detail.missingTitle')}
        body={t('leaves.detail.missingBody')}
        backTo={backTo.to}
        backLabel={t(`leaves.detail.backTo.${backTo.place}`)}
      />
    );
  }
  return (
    <PageContainer>
      <Box sx={{ mb: 1, '@media print': { display: 'none' } }}>{back}</Box>
      {isLoading || !leave ? <Skeleton variant="rounded" height={320} /> : <LeaveView leave={leave} />}
    </PageContainer>
  );
}
