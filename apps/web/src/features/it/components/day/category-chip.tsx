import Chip from '@mui/material/Chip';
import type { TItCategory } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const CHIP_COLOR = { productive: 'success', neutral: 'default', unproductive: 'error' } as const;

/** An app's or site's productivity, in words (the colour only repeats them). */
export function CategoryChip({ category }: { category: TItCategory }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={CHIP_COLOR[category]}
      label={t(`it.categories.${category}`)}
      data-testid="category-chip"
    />
  );
}
