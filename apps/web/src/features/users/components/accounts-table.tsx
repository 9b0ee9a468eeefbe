import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BlockRounded from '@mui/icons-material/BlockRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyRounded from '@mui/icons-material/KeyRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import type { TUser } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';

export type AccountAction = 'edit' | 'reset' | 'deactivate' | 'reactivate';

function RowActions({ user, isSelf, onAction }: { user: TUser; isSelf: boolean; onAction: (action: AccountAction, user: TUser) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: AccountAction) => {
    setAnchor(null);
    onAction(action, user);
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
      <Tooltip title={t('admin.edit')}>
        <IconButton size="small" onClick={() => onAction('edit', user)} aria-label={`${t('admin.edit')} ${user.username}`}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <IconButton size="small" onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('admin.moreActions', { userName: user.username })} aria-haspopup="menu">
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => run('reset')}>
          <ListItemIcon>
            <KeyRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('admin.resetPassword')}</ListItemText>
        </MenuItem>
        {isSelf ? null : user.is_active ? (
          <MenuItem onClick={() => run('deactivate')} sx={{ color: 'error.main' }}>
            <ListItemIcon sx={{ color: 'inherit' }}>
              <BlockRounded fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('admin.deactivate')}</ListItemText>
          </MenuItem>
        ) : (
          <MenuItem onClick={() => run('reactivate')}>
            <ListItemIcon>
              <RestartAltRounded fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('admin.reactivate')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}

/** The legacy dashboard's accounts table. */
export function AccountsTable({
  users,
  selfId,
  onAction,
}: {
  users: TUser[];
  selfId: number;
  onAction: (action: AccountAction, user: TUser) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table aria-label={t('admin.accountsTable')} sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.user')}</TableCell>
            <TableCell>{t('account.email')}</TableCell>
            <TableCell>{t('admin.type')}</TableCell>
            <TableCell>{t('profile.flags')}</TableCell>
            <TableCell>{t('admin.status')}</TableCell>
            <TableCell align="right">{t('admin.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => {
            const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
            return (
              <TableRow key={user.id} hover sx={{ opacity: user.is_active ? 1 : 0.6 }}>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                    <UserAvatar user={user} size={34} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography
                        component={RouterLink}
                        to={`/profile/${encodeURIComponent(user.username)}`}
                        sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
                      >
                        {name || user.username}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        @{user.username}
                      </Typography>
                    </Box>
                  </Box>
                </TableCell>
                <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
                  {user.email}
                </TableCell>
                <TableCell>
                  <Chip label={user.user_type} size="small" variant="outlined" />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {user.is_director ? <Chip label={t('account.director')} size="small" color="secondary" /> : null}
                    {user.is_manager ? <Chip label={t('account.manager')} size="small" color="secondary" variant="outlined" /> : null}
                  </Box>
                </TableCell>
                <TableCell>
                  <Chip
                    label={user.is_active ? t('account.active') : t('account.inactive')}
                    size="small"
                    color={user.is_active ? 'success' : 'default'}
                    variant={user.is_active ? 'filled' : 'outlined'}
                  />
                </TableCell>
                <TableCell align="right">
                  <RowActions user={user} isSelf={user.id === selfId} onAction={onAction} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
