import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownRounded from '@mui/icons-material/ArrowDropDownRounded';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TBulkTicketsRequest,
  type TTicketDepartment,
  type TTicketStatus,
  type TUser,
} from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { departmentName } from '../../../components/department-name';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SelectionToolbar } from '../../../components/selection-toolbar';
import { errorText, fieldMessages, saidText, type RequestError } from '../../../lib/api/api-error';
import { useAppDispatch } from '../../../lib/store-hooks';
import { helpDeskApi, useBulkUpdateTicketsMutation } from '../api/help-desk-api';
import { useDeskMembersQuery } from '../api/tickets-api';
import { ownerName } from '../ticket-format';

type Change = Omit<TBulkTicketsRequest, 'ids'>;

/** How long the toast of a bulk close offers its Undo. */
const UNDO_MS = 10_000;

/** A toast's text with one action beside it (the bulk close's Undo). */
function ToastWithAction({ text, action, onAction }: { text: string; action: string; onAction: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <span>{text}</span>
      <Button size="small" variant="outlined" color="inherit" onClick={onAction} sx={{ marginInlineStart: 'auto' }}>
        {action}
      </Button>
    </Box>
  );
}

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
  statuses,
  departments,
  viewer,
  onDone,
}: {
  ids: number[];
  /** Each selected ticket's status now, so that an Undo can give it back. */
  statuses: ReadonlyMap<number, TTicketStatus>;
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

  const dispatch = useAppDispatch();
  const [confirmClose, setConfirmClose] = useState(false);
  const refusal = (error: RequestError) => {
    // A refused ticket is named under `ids` (which one, and why); else the general message.
    const refused = fieldMessages(error).ids?.[0];
    return refused ? saidText(refused) : errorText(error);
  };

  /*
   * Undo of a bulk close: the workflow reopens a closed ticket to `open` only, so all reopen
   * in one request, then those that were in progress or answered get that back (one request
   * per status). Dispatched from the store, since the toast outlives this bar.
   */
  const undoClose = async (before: ReadonlyMap<number, TTicketStatus>) => {
    const run = (body: TBulkTicketsRequest) =>
      dispatch(helpDeskApi.endpoints.bulkUpdateTickets.initiate(body)).unwrap();
    try {
      await run({ ids: [...before.keys()], status: 'open' });
      const groups = new Map<TTicketStatus, number[]>();
      for (const [id, status] of before) if (status !== 'open') groups.set(status, [...(groups.get(status) ?? []), id]);
      for (const [status, group] of groups) await run({ ids: group, status });
      toast.success(t('desk.bulk.undone', { count: before.size }));
    } catch (error) {
      toast.error(refusal(error as RequestError));
    }
  };

  const apply = async (change: Change) => {
    // Kept before the change: what an Undo of a close restores.
    const before = new Map(ids.map((id) => [id, statuses.get(id) ?? 'open'] as const));
    const result = await bulkUpdate({ ids, ...change });
    if ('error' in result) {
      toast.error(refusal(result.error));
      return;
    }
    if (change.status === 'closed') {
      const count = result.data.length;
      toast.success(
        ({ closeToast }) => (
          <ToastWithAction
            text={t('desk.bulk.closed', { count })}
            action={t('desk.bulk.undo')}
            onAction={() => {
              closeToast();
              void undoClose(before);
            }}
          />
        ),
        { autoClose: UNDO_MS },
      );
    } else {
      toast.success(t('desk.bulk.done', { count: result.data.length }));
    }
    onDone();
  };

  return (
    <SelectionToolbar label={t('desk.bulk.toolbar')} selected={t('desk.bulk.selected', { count: ids.length })}>
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
              {` · ${departmentName(t, m.user_type)}`}
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
            // Closing asks first, naming how many (each requester is told).
            <MenuItem
              key={s}
              onClick={() => (close(), s === 'closed' ? setConfirmClose(true) : void apply({ status: s }))}
            >
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
      <ConfirmDialog
        open={confirmClose}
        title={t('desk.bulk.closeTitle', { count: ids.length })}
        body={t('desk.bulk.closeBody', { count: ids.length })}
        confirmLabel={t('desk.bulk.closeConfirm', { count: ids.length })}
        cancelLabel={t('desk.bulk.cancel')}
        busy={isLoading}
        onClose={() => setConfirmClose(false)}
        onConfirm={() => {
          setConfirmClose(false);
          void apply({ status: 'closed' });
        }}
      />
    </SelectionToolbar>
  );
}
