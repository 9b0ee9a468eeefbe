import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TLeaveBalance } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BidiTrans } from '../../../components/bidi';
import { formatNumber } from '../../../lib/format';
import { useLeaveBalancesQuery } from '../api/leaves-api';
import { formatDays } from '../leave-format';
import { LeaveTypeName } from './leave-type-name';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
        {formatDays(value)}
      </Typography>
    </Box>
  );
}

/** One type's balance: what is left, and how it adds up. */
export function BalanceCard({ balance }: { balance: TLeaveBalance }) {
  const { t } = useTranslation();
  const counted = balance.leave_type.counts_against_balance;
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={titleId} component="h3" sx={{ fontWeight: 600 }} noWrap>
        <LeaveTypeName type={balance.leave_type} />
      </Typography>
      {counted ? (
        <>
          <Typography
            data-testid="balance-available"
            sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2, mt: 0.5 }}
          >
            {formatDays(balance.available)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('leaves.balances.availableDays', { count: balance.available })}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.25 }}>
            <Figure label={t('leaves.balances.entitlement')} value={balance.entitlement} />
            <Figure label={t('leaves.balances.carriedOver')} value={balance.carried_over} />
            <Figure label={t('leaves.balances.used')} value={balance.approved} />
            <Figure label={t('leaves.balances.pending')} value={balance.pending} />
          </Box>
        </>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('leaves.balances.notCounted')}
          </Typography>
          <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gap: 0.25 }}>
            <Figure label={t('leaves.balances.used')} value={balance.approved} />
            <Figure label={t('leaves.balances.pending')} value={balance.pending} />
          </Box>
        </>
      )}
    </Card>
  );
}

/** Balances per type for a year (the caller's own unless `user` is given), at the top of the lists. */
export function LeaveBalances({ user, year = new Date().getFullYear() }: { user?: number; year?: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data, isLoading, isError } = useLeaveBalancesQuery(user === undefined ? { year } : { user, year });
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        <BidiTrans i18nKey="leaves.balances.title" values={{ year: formatNumber(year, { useGrouping: false }) }} />
      </Typography>
      {isLoading ? (
        <Skeleton variant="rounded" height={140} />
      ) : isError || !data ? (
        <Typography color="text.secondary">{t('leaves.balances.failed')}</Typography>
      ) : (
        <Box
          data-testid="leave-balances"
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))' }}
        >
          {data.balances.map((balance) => (
            <BalanceCard key={balance.leave_type.id} balance={balance} />
          ))}
        </Box>
      )}
    </Box>
  );
}
