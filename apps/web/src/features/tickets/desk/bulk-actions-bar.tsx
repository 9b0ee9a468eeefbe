import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowDropDownRounded from '@mui/icons-material/ArrowDropDownRounded';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TBulkTicketsRequest,
  type TTicketDepartment,
  type TUser,
} from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { errorText, fieldMessages, saidText } from '../../../lib/api/api-error';
import { useBulkUpdateTicketsMutation } from '../api/help-desk-api';
import { useDeskMembersQuery } from '../api/tickets-api';
import { ownerName } from '../ticket-format';

type Change = Omit<TBulkTicketsRequest, 'ids'>;

/** A button that opens a menu of choices (keyboard: Enter/Space opens, arrows move, Esc closes). */
function MenuButton({
  label,
  disabled,
  children,
}: {
  label: string;
  disabled: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        endIcon={<ArrowDropDownRounded />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        disabled={disabled}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        {children(close)}
      </Menu>
    </>
  );
}

/**
 * The selected tickets' toolbar: assign, set the status or the priority of all at once
 * (one request, all or nothing); the selection clears when it worked.
 */
export function BulkActionsBar({
  ids,
  departments,
  viewer,
  onDone,
}: {
  ids: number[];
  /** The departments of the selected tickets (colleagues are offered for one desk only). */
  departments: readonly TTicketDepartment[];
  viewer: TUser;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [bulkUpdate, { isLoading }] = useBulkUpdateTicketsMutation();
  const oneDesk = departments.length === 1 ? departments[0] : undefined;
  const { data: members = [] } = useDeskMembersQuery(oneDesk!, { skip: !oneDesk });
  const others = members.filter((m) => m.id !== viewer.id);

  const apply = async (change: Change) => {
    const result = await bulkUpdate({ ids, ...change });
    if ('error' in result) {
      // A refused ticket is named under `ids` (which one, and why); else the general message.
      const refused = fieldMessages(result.error).ids?.[0];
      toast.error(refused ? saidText(refused) : errorText(result.error));
      return;
    }
    toast.success(t('desk.bulk.done', { count: result.data.length }));
    onDone();
  };

  return (
    <Paper
      role="toolbar"
      aria-label={t('desk.bulk.toolbar')}
      variant="outlined"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        p: 1,
        mb: 1.5,
        borderColor: 'primary.main',
        // Stays in reach while scrolling a long queue (under the app's fixed header).
        position: 'sticky',
        top: { xs: 64, md: 80 },
        zIndex: 3,
      }}
    >
      <Typography role="status" sx={{ fontWeight: 600, px: 1, marginInlineEnd: 'auto' }}>
        {t('desk.bulk.selected', { count: ids.length })}
      </Typography>
      <MenuButton label={t('desk.bulk.assign')} disabled={isLoading}>
        {(close) => [
          <MenuItem key="me" onClick={() => (close(), void apply({ assignee: viewer.id }))}>
            {t('desk.bulk.toMe')}
          </MenuItem>,
          <MenuItem key="none" onClick={() => (close(), void apply({ assignee: null }))}>
            {t('desk.bulk.unassign')}
          </MenuItem>,
          ...(others.length ? [<Divider key="divider" />] : []),
          ...others.map((m) => (
            <MenuItem key={m.id} onClick={() => (close(), void apply({ assignee: m.id }))}>
              <Bidi>{ownerName(m)}</Bidi>
              {` · ${m.user_type}`}
            </MenuItem>
          )),
          ...(oneDesk
            ? []
            : [
                <MenuItem key="hint" disabled sx={{ whiteSpace: 'normal', maxWidth: 280 }}>
                  {t('desk.bulk.oneDeskHint')}
                </MenuItem>,
              ]),
        ]}
      </MenuButton>
      <MenuButton label={t('desk.bulk.status')} disabled={isLoading}>
        {(close) =>
          TICKET_STATUSES.map((s) => (
            <MenuItem key={s} onClick={() => (close(), void apply({ status: s }))}>
              {t(`tickets.statuses.${s}`)}
            </MenuItem>
          ))
        }
      </MenuButton>
      <MenuButton label={t('desk.bulk.priority')} disabled={isLoading}>
        {(close) =>
          [...TICKET_PRIORITIES].reverse().map((p) => (
            <MenuItem key={p} onClick={() => (close(), void apply({ priority: p }))}>
              {t(`tickets.priorities.${p}`)}
            </MenuItem>
          ))
        }
      </MenuButton>
      <Button size="small" color="inherit" onClick={onDone} disabled={isLoading}>
        {t('desk.bulk.clear')}
      </Button>
    </Paper>
  );
}
