import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { isStaff } from '@portal/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { Bidi } from '../../../components/bidi';
import { selectCurrentUser } from '../../auth';
import { useLeaveBalancesQuery, useLeaveInboxQuery, useMyLeavesQuery } from '../api/leaves-api';
import { formatDays, formatLeaveDates, leaveLink, localToday, personName } from '../leave-format';
import { LeaveTypeName } from './leave-type-name';
import { approvesLeave, LEAVE_PATHS } from './leaves-nav';

const OLDEST_SHOWN = 3;

function HomeCard({
  title,
  badge,
  action,
  children,
}: {
  title: string;
  badge?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
            {title}
          </Typography>
          {badge}
          {action ? <Box sx={{ marginInlineStart: 'auto' }}>{action}</Box> : null}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** Approvers: how many requests wait for them, the oldest first. */
function LeaveInboxCard() {
  const { t } = useTranslation();
  const { data, isLoading } = useLeaveInboxQuery();
  const waiting = [...(data ?? [])].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return (
    <HomeCard
      title={t('leaves.home.inboxTitle')}
      badge={
        data ? (
          <Chip
            size="small"
            color={waiting.length > 0 ? 'primary' : 'default'}
            label={t('leaves.home.waiting', { count: waiting.length })}
            data-testid="leave-inbox-count"
          />
        ) : null
      }
      action={
        <Button component={RouterLink} to={LEAVE_PATHS.approvals} size="small">
          {t('leaves.home.openInbox')}
        </Button>
      }
    >
      {isLoading ? (
        <Skeleton variant="rounded" height={64} />
      ) : waiting.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('leaves.home.inboxEmpty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }} data-testid="leave-inbox">
          {waiting.slice(0, OLDEST_SHOWN).map((leave) => (
            <li key={leave.id}>
              <Link component={RouterLink} {...leaveLink(leave.id, 'home', '/')} sx={{ fontWeight: 600 }}>
                <Bidi>{personName(leave.user)}</Bidi>
              </Link>
              <Typography variant="body2" color="text.secondary">
                <LeaveTypeName type={leave.leave_type} /> · {formatLeaveDates(leave)} ·{' '}
                {t('leaves.home.days', { count: leave.days, days: formatDays(leave.days) })}
              </Typography>
            </li>
          ))}
          {waiting.length > OLDEST_SHOWN ? (
            <Typography component="li" variant="body2">
              <Link component={RouterLink} to={LEAVE_PATHS.approvals} data-testid="leave-inbox-more">
                {t('leaves.home.more', { count: waiting.length - OLDEST_SHOWN })}
              </Link>
            </Typography>
          ) : null}
        </Box>
      )}
    </HomeCard>
  );
}

/** Every staff user: annual days left, the next approved leave, and the way to ask for one. */
function MyLeaveCard() {
  const { t } = useTranslation();
  const { data: balances, isLoading } = useLeaveBalancesQuery({ year: new Date().getFullYear() });
  const { data: mine } = useMyLeavesQuery({ status: 'history' });
  const annual = balances?.balances.find((b) => b.leave_type.code === 'annual') ?? balances?.balances[0];
  const today = localToday();
  const next = (mine ?? [])
    .filter((leave) => leave.status === 'approved' && leave.end_date >= today)
    .sort((a, b) => a.start_date.localeCompare(b.start_date))[0];
  return (
    <HomeCard title={t('leaves.home.mineTitle')}>
      {isLoading ? (
        <Skeleton variant="rounded" height={64} />
      ) : annual ? (
        <Typography data-testid="my-leave-available">
          <Box component="span" sx={{ fontSize: '1.6rem', fontWeight: 700, mr: 1 }}>
            {formatDays(annual.available)}
          </Box>
          <LeaveTypeName type={annual.leave_type} />
          {' · '}
          {t('leaves.balances.availableDays', { count: annual.available })}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {next ? (
          <>
            {t('leaves.home.next')}{' '}
            <Link component={RouterLink} {...leaveLink(next.id, 'home', '/')}>
              {formatLeaveDates(next)}
            </Link>
          </>
        ) : (
          t('leaves.home.noneAhead')
        )}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Button component={RouterLink} to={LEAVE_PATHS.create} variant="contained" size="small">
          {t('leaves.nav.create')}
        </Button>
        <Button component={RouterLink} to={LEAVE_PATHS.history} size="small">
          {t('leaves.nav.history')}
        </Button>
      </Box>
    </HomeCard>
  );
}

/** Home's leave cards, side by side on wide screens, stacked on phones. */
export function LeaveHomeCards() {
  const user = useSelector(selectCurrentUser);
  if (!user || !isStaff(user)) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 4,
        gridTemplateColumns: { xs: '1fr', md: approvesLeave(user) ? '1fr 1fr' : '1fr' },
      }}
    >
      {approvesLeave(user) ? <LeaveInboxCard /> : null}
      <MyLeaveCard />
    </Box>
  );
}
