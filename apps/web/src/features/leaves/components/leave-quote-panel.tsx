import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { TLeaveQuote } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { formatDays } from '../leave-format';

/**
 * What the request would take, before it is sent: working days (weekends and holidays
 * left out) and, per year the dates touch, the balance after it. Read live as the form
 * changes; `problem` is the server's reason this request would be refused.
 */
export function LeaveQuotePanel({
  quote,
  loading,
  problem,
}: {
  quote: TLeaveQuote | null;
  loading: boolean;
  problem: string | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      aria-live="polite"
      aria-busy={loading}
      data-testid="leave-quote"
      sx={{ p: 2.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
          {t('leaves.quote.title')}
        </Typography>
        {loading ? <CircularProgress size={16} aria-label={t('leaves.quote.loading')} /> : null}
      </Box>
      {quote ? (
        <>
          <Typography data-testid="quote-days" sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }}>
            {formatDays(quote.days)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('leaves.quote.workingDays', { count: quote.days })}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.75 }}>
            {quote.by_year.map((year) => (
              <Box component="li" key={year.year} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {formatNumber(year.year, { useGrouping: false })}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{
                    fontWeight: 600,
                    color: year.available_after !== null && year.available_after < 0 ? 'error.main' : undefined,
                  }}
                >
                  {year.available_after === null
                    ? t('leaves.quote.notCounted')
                    : t('leaves.quote.leftAfter', {
                        count: year.available_after,
                        days: formatDays(year.available_after),
                      })}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      ) : !problem ? (
        <Typography variant="body2" color="text.secondary">
          {t('leaves.quote.empty')}
        </Typography>
      ) : null}
      {problem ? (
        <Alert severity="warning" sx={{ mt: quote ? 1.5 : 0 }}>
          {problem}
        </Alert>
      ) : null}
    </Card>
  );
}
