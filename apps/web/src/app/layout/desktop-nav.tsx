import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { visuallyHidden } from '../../components/visually-hidden';
import { NavBadge } from './nav-badge';
import type { NavItem } from './nav-links';

/** The header's inline menu on wide screens. */
export function DesktopNav({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('nav.mainNavigation')}
      sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, mx: 2 }}
    >
      {items.map((item) => (
        <Button
          key={item.to}
          component={NavLink}
          to={item.to}
          end={item.end}
          {...(item.newTab ? { target: '_blank', rel: 'noopener' } : {})}
          color="inherit"
          endIcon={
            item.newTab ? <OpenInNewRounded sx={{ fontSize: '1rem !important' }} aria-hidden="true" /> : undefined
          }
          sx={{
            px: 1.5,
            py: 1,
            whiteSpace: 'nowrap',
            color: 'text.secondary',
            '&:hover': { color: 'text.primary' },
            '&.active': { color: 'primary.main', bgcolor: 'action.selected' },
          }}
        >
          {t(item.labelKey)}
          <NavBadge count={item.badge} />
          {item.newTab ? (
            <Box component="span" sx={visuallyHidden}>
              {` ${t('nav.opensInNewTab')}`}
            </Box>
          ) : null}
        </Button>
      ))}
    </Box>
  );
}
