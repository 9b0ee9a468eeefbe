import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { visuallyHidden } from '../../components/visually-hidden';
import { useOverflows } from '../../lib/use-overflows';
import { NavBadge } from './nav-badge';
import type { NavItem } from './nav-links';

/**
 * The header's inline menu on wide screens, in the space between the logo and the
 * header's buttons. Whether it fits depends on the language and on how many items the
 * user has (Arabic labels and ADMIN's eight items overflow 1366 px): when it does not,
 * it is hidden (still laid out, so it is measured again when the window widens) and
 * `onFits(false)` brings the drawer's button back — the account menu never leaves the screen.
 */
export function DesktopNav({ items, onFits }: { items: NavItem[]; onFits(fits: boolean): void }) {
  const { t } = useTranslation();
  const room = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(room, false);
  useLayoutEffect(() => onFits(!overflows), [overflows, onFits]);
  return (
    <Box ref={room} sx={{ flex: '1 1 0', minWidth: 0, overflow: 'hidden', mx: 2 }}>
      <Box
        component="nav"
        aria-label={t('nav.mainNavigation')}
        sx={{
          display: { xs: 'none', lg: 'flex' },
          gap: 0.5,
          width: 'max-content',
          visibility: overflows ? 'hidden' : 'visible',
        }}
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
    </Box>
  );
}
