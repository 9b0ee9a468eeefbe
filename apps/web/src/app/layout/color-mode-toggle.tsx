import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

const MODES = [
  { mode: 'light', labelKey: 'header.light', Icon: LightModeOutlined },
  { mode: 'dark', labelKey: 'header.dark', Icon: DarkModeOutlined },
  { mode: 'system', labelKey: 'header.system', Icon: SettingsBrightnessOutlined },
] as const;

/** Light / dark / system (spec §1, §9: light by default, kept in localStorage by MUI). */
export function ColorModeToggle() {
  const { t } = useTranslation();
  const { mode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = MODES.find((m) => m.mode === (mode ?? 'light')) ?? MODES[0];
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('header.colorMode')}
        title={t('header.colorMode')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
      >
        <current.Icon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {MODES.map(({ mode: m, labelKey, Icon }) => (
          <MenuItem
            key={m}
            role="menuitemradio"
            aria-checked={current.mode === m}
            selected={current.mode === m}
            onClick={() => {
              setMode(m);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t(labelKey)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
