import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TItTimeTotal } from '@portal/contracts';
import { Bidi } from '../../../../components/bidi';
import { CategoryChip } from './category-chip';
import { formatSeconds } from './day-format';

/**
 * Apps or sites with their active time, most first: each a line with its name, time and
 * category, and a bar against the first (the figure is in the text, the bar only shows it).
 */
export function TopList({
  items,
  label,
  empty,
  limit,
}: {
  items: readonly TItTimeTotal[];
  label: string;
  empty: string;
  limit?: number;
}) {
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  const shown = limit === undefined ? items : items.slice(0, limit);
  const most = Math.max(1, ...shown.map((i) => i.seconds));
  return (
    <Box component="ol" aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.25 }}>
      {shown.map((item) => (
        <Box component="li" key={item.name} sx={{ minWidth: 0 }} data-testid="top-item">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
            <Typography
              component="span"
              sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere', flex: '1 1 8rem' }}
            >
              <Bidi>{item.name}</Bidi>
            </Typography>
            <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatSeconds(item.seconds)}
            </Typography>
            <CategoryChip category={item.category} />
          </Box>
          <LinearProgress
            aria-hidden="true"
            variant="determinate"
            value={(item.seconds / most) * 100}
            color={item.category === 'productive' ? 'success' : item.category === 'unproductive' ? 'error' : 'info'}
            sx={{ mt: 0.5, height: 6, borderRadius: 1 }}
          />
        </Box>
      ))}
    </Box>
  );
}
