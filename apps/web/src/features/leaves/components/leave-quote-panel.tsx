import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { TLeaveQuote } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n/messages';
import { parseMessage } from '@portal/contracts';
import { formatDays } from '../leave-format';

/**
 * What the request would take, before it is sent: working days (weekends and holidays
 * left out) and, per year the dates touch, the balance after it. Read live as the form
 * changes; `quote.refusals` are what sending it would meet (an overlap, an overdrawn
 * balance), `problem` the server's reason the fields themselves are refused.
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
  // In the reader's language, by code (an unknown code from a newer server is left out).
  const refusals = (quote?.refusals ?? []).flatMap((r) => {
    const said = parseMessage(r);
    return said ? [translateMessage(said)] : [];
  });
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
                    : year.available_after < 0
                      ? t('leaves.quote.shortBy', {
                          count: -year.available_after,
                          days: formatDays(-year.available_after),
                        })
                      : t('leaves.quote.leftAfter', {
                          count: year.available_after,
                          days: formatDays(year.available_after),
                        })}
                </Typography>
              </Box>
            ))}
          </Box>
          {refusals.length > 0 ? (
            <Alert severity="error" sx={{ mt: 1.5 }} data-testid="quote-refusals">
              <AlertTitle>{t('leaves.quote.refusalsTitle')}</AlertTitle>
              {refusals.length === 1 ? (
                refusals[0]
              ) : (
                <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
                  {refusals.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </Box>
              )}
            </Alert>
          ) : null}
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
