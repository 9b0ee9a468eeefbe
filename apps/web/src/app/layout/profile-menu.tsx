import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import CheckRounded from '@mui/icons-material/CheckRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import type { TUser } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Bidi } from '../../components/bidi';
import { UserAvatar } from '../../components/user-avatar';
import { logout } from '../../features/auth';
import { LANGUAGES } from '../../lib/i18n/i18n';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAppDispatch } from '../../lib/store-hooks';

/** Profile menu of spec §2: Profile, language, Logout. */
export function ProfileMenu({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { language, setLanguage } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;

  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('header.profileMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} size={38} />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }} role="presentation">
          <Typography sx={{ fontWeight: 600 }}>
            <Bidi>{fullName}</Bidi>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <Bidi>{user.user_type}</Bidi> · <Bidi>@{user.username}</Bidi>
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={Link} to="/user" onClick={close}>
          <ListItemIcon>
            <PersonOutlineRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('header.profile')}</ListItemText>
        </MenuItem>
        <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>{t('header.language')}</ListSubheader>
        {LANGUAGES.map((lng) => (
          <MenuItem
            key={lng}
            role="menuitemradio"
            aria-checked={language === lng}
            lang={lng}
            onClick={() => {
              close();
              void setLanguage(lng);
            }}
          >
            <ListItemIcon>{language === lng ? <CheckRounded fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(`languages.${lng}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void dispatch(logout()).then(() => navigate('/login', { replace: true }));
          }}
        >
          <ListItemIcon>
            <LogoutRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('header.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
