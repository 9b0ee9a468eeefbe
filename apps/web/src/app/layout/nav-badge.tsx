import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../components/visually-hidden';

/** A small count beside a menu label; screen readers hear "3 new tickets". */
export function NavBadge({ count }: { count?: number }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <>
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          ml: 0.75,
          minWidth: 20,
          height: 20,
          px: 0.75,
          borderRadius: 10,
          display: 'inline-grid',
          placeItems: 'center',
          fontSize: '0.75rem',
          fontWeight: 700,
          color: '#fff',
          bgcolor: '#c62828',
        }}
      >
        {count > 99 ? '99+' : count}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {` (${t('nav.newTickets', { count })})`}
      </Box>
    </>
  );
}
