import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CloseRounded from '@mui/icons-material/CloseRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Logo } from '../../components/logo';
import { visuallyHidden } from '../../components/visually-hidden';
import type { NavItem } from './nav-links';
import { NavBadge } from './nav-badge';

/** The header menu on phones and tablets: a drawer from the start edge. */
export function NavDrawer({ items, open, onClose }: { items: NavItem[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 'min(300px, 85vw)' } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, height: 80 }}>
        <Logo />
        <IconButton onClick={onClose} aria-label={t('nav.closeMenu')}>
          <CloseRounded />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('nav.mainNavigation')}>
        <List>
          {items.map((item) => (
            <ListItemButton
              key={item.to}
              component={NavLink}
              to={item.to}
              end={item.end}
              {...(item.newTab ? { target: '_blank', rel: 'noopener' } : {})}
              onClick={onClose}
              sx={{
                mx: 1,
                borderRadius: 2,
                '&.active': {
                  bgcolor: 'action.selected',
                  color: 'primary.main',
                  '& .MuiListItemIcon-root': { color: 'primary.main' },
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <item.icon />
              </ListItemIcon>
              <ListItemText primary={t(item.labelKey)} />
              <NavBadge count={item.badge} />
              {item.newTab ? (
                <>
                  <OpenInNewRounded fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden="true" />
                  <Box component="span" sx={visuallyHidden}>
                    {t('nav.opensInNewTab')}
                  </Box>
                </>
              ) : null}
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
