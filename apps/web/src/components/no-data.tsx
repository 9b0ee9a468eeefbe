import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { NO_DATA } from '../lib/format';
import { visuallyHidden } from './visually-hidden';

/**
 * "No data" in a cell, a card line or a fact: the portal's one placeholder, an em dash that
 * screen readers announce as words ("No data") rather than "dash". Spec §5's 'مخبرش' is for a
 * minutes total of zero or less only (`formatMinutes`), never for a missing value.
 */
export function NoData() {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      <span aria-hidden="true">{NO_DATA}</span>
      <Box component="span" sx={visuallyHidden}>
        {t('dataTable.noData')}
      </Box>
    </Box>
  );
}
