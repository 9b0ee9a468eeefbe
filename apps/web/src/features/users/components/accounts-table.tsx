import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BlockRounded from '@mui/icons-material/BlockRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyRounded from '@mui/icons-material/KeyRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import PhonelinkLockRounded from '@mui/icons-material/PhonelinkLockRounded';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import type { TUser } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { UserAvatar } from '../../../components/user-avatar';
import i18next from 'i18next';
import { DepartmentName, departmentName } from '../../../components/department-name';

export type AccountAction = 'edit' | 'reset' | 'resetMfa' | 'deactivate' | 'reactivate';

function RowActions({
  user,
  isSelf,
  onAction,
}: {
  user: TUser;
  isSelf: boolean;
  onAction: (action: AccountAction, user: TUser) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: AccountAction) => {
    setAnchor(null);
    onAction(action, user);
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
      <Tooltip title={t('admin.edit')}>
        <IconButton
          size="small"
          onClick={() => onAction('edit', user)}
          aria-label={`${t('admin.edit')} ${user.username}`}
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <IconButton
        size="small"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('admin.moreActions', { userName: user.username })}
        aria-haspopup="menu"
      >
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => run('reset')}>
          <ListItemIcon>
            <KeyRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('admin.resetPassword')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => run('resetMfa')}>
          <ListItemIcon>
            <PhonelinkLockRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('admin.resetMfa')}</ListItemText>
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

const fullName = (user: TUser) => [user.first_name, user.last_name].filter(Boolean).join(' ');

const columns: DataTableColumn<TUser>[] = [
  {
    key: 'user',
    label: 'admin.user',
    placement: 'primary',
    sortValue: (user) => fullName(user) || user.username,
    csv: (user) => user.username,
    cell: (user) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <UserAvatar user={user} size={34} />
        <Box sx={{ minWidth: 0 }}>
          <Typography
            component={RouterLink}
            to={`/profile/${encodeURIComponent(user.username)}`}
            sx={{
              fontWeight: 600,
              color: 'text.primary',
              textDecoration: 'none',
              overflowWrap: 'anywhere',
              '&:hover': { textDecoration: 'underline' },
            }}
          >
            <Bidi>{fullName(user) || user.username}</Bidi>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <Bidi dir="ltr">@{user.username}</Bidi>
          </Typography>
        </Box>
      </Box>
    ),
  },
  {
    key: 'email',
    label: 'account.email',
    sortValue: (user) => user.email,
    cell: (user) => (
      <Box component="span" dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Box>
    ),
  },
  {
    key: 'type',
    label: 'admin.type',
    placement: 'secondary',
    sortValue: (user) => departmentName(i18next.t, user.user_type),
    cell: (user) => <DepartmentName code={user.user_type} showCode />,
  },
  {
    key: 'roles',
    label: 'profile.flags',
    placement: 'secondary',
    cell: (user) => <RoleChips user={user} />,
  },
  {
    key: 'status',
    label: 'admin.status',
    placement: 'secondary',
    sortValue: (user) => (user.is_active ? 0 : 1),
    cell: (user) => <StatusChip active={user.is_active} />,
  },
];

function RoleChips({ user }: { user: TUser }) {
  const { t } = useTranslation();
  if (!user.is_director && !user.is_manager) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {user.is_director ? <Chip label={t('account.director')} size="small" color="secondary" /> : null}
      {user.is_manager ? <Chip label={t('account.manager')} size="small" color="secondary" variant="outlined" /> : null}
    </Box>
  );
}

function StatusChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      label={active ? t('account.active') : t('account.inactive')}
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
    />
  );
}

/** The legacy dashboard's accounts table: a table on wide screens, a card per account on phones. */
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
    <DataTable
      rows={users}
      columns={columns}
      rowKey={(user) => user.id}
      label={t('admin.accountsTable')}
      size="medium"
      actionsLabel={t('admin.actions')}
      actions={(user) => <RowActions user={user} isSelf={user.id === selfId} onAction={onAction} />}
      rowSx={(user) => ({ opacity: user.is_active ? 1 : 0.6 })}
      emptyText={t('admin.empty')}
    />
  );
}
