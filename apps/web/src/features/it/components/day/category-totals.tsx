import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { IT_CATEGORIES, type TItDay } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatList, formatNumber } from '../../../../lib/format';
import { formatSeconds, shadeColor } from './day-format';

/**
 * Active time by productivity (rules IT defines): one bar split in three, named in words
 * for screen readers, and the figures in a list beside it.
 */
export function CategoryTotals({ categories }: { categories: TItDay['categories'] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const total = IT_CATEGORIES.reduce((sum, c) => sum + categories[c], 0);
  if (total === 0) return <Typography color="text.secondary">{t('it.day.noActivity')}</Typography>;
  const share = (c: (typeof IT_CATEGORIES)[number]) =>
    formatNumber(categories[c] / total, { style: 'percent', maximumFractionDigits: 0 });
  const words = IT_CATEGORIES.map((c) => `${t(`it.categories.${c}`)} ${formatSeconds(categories[c])} (${share(c)})`);
  return (
    <Box>
      <Box
        dir="ltr"
        role="img"
        aria-label={formatList(words, 'unit')}
        sx={{ display: 'flex', height: 20, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        {IT_CATEGORIES.map((c) =>
          categories[c] > 0 ? (
            <Box
              key={c}
              style={{ flexGrow: categories[c], backgroundColor: shadeColor(theme, c) }}
              sx={{ flexBasis: 0, minWidth: 2 }}
            />
          ) : null,
        )}
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 1.5,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 140px), 1fr))',
        }}
      >
        {IT_CATEGORIES.map((c) => (
          <Box key={c} data-testid={`category-${c}`}>
            <Typography
              component="dt"
              variant="body2"
              color="text.secondary"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
            >
              <Box
                aria-hidden="true"
                style={{ backgroundColor: shadeColor(theme, c) }}
                sx={{ width: 12, height: 12, borderRadius: 0.5, flexShrink: 0 }}
              />
              {t(`it.categories.${c}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {formatSeconds(categories[c])}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({share(c)})
              </Typography>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
