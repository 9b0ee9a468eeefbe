import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { isTicketDesk, ticketStatusChoices, type TTicket, type TTicketStatus, type TUser } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api/api-error';
import { useAnswerTicketMutation } from '../api/tickets-api';

/**
 * What the viewer may do with the status, from the same rules the server enforces: the
 * desk picks any status; the owner closes (after a confirmation) or reopens.
 */
export function TicketStatusControl({ ticket, viewer }: { ticket: TTicket; viewer: TUser }) {
  const { t } = useTranslation();
  const [answer, { isLoading }] = useAnswerTicketMutation();
  const [confirmClose, setConfirmClose] = useState(false);
  const choices = ticketStatusChoices(viewer, ticket);
  if (choices.length === 0) return null;

  const setStatus = async (status: TTicketStatus) => {
    const result = await answer({ id: ticket.id, fields: { status } });
    setConfirmClose(false);
    if ('error' in result) toast.error(errorText(result.error));
    else toast.success(t('tickets.thread.statusChanged', { status: t(`tickets.statuses.${status}`) }));
  };

  if (isTicketDesk(viewer, ticket.department)) {
    return (
      <TextField
        select
        size="small"
        label={t('tickets.thread.setStatus')}
        value={ticket.status}
        disabled={isLoading}
        onChange={(e) => void setStatus(e.target.value as TTicketStatus)}
        sx={{ minWidth: 180 }}
      >
        {[ticket.status, ...choices].map((s) => (
          <MenuItem key={s} value={s}>
            {t(`tickets.statuses.${s}`)}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  if (choices.includes('open')) {
    return (
      <Button variant="outlined" onClick={() => void setStatus('open')} loading={isLoading}>
        {t('tickets.thread.reopen')}
      </Button>
    );
  }
  return (
    <>
      <Button variant="outlined" color="inherit" onClick={() => setConfirmClose(true)}>
        {t('tickets.thread.close')}
      </Button>
      <ConfirmDialog
        open={confirmClose}
        title={t('tickets.thread.closeConfirmTitle')}
        body={t('tickets.thread.closeConfirmBody')}
        confirmLabel={t('tickets.thread.close')}
        cancelLabel={t('tickets.create.cancel')}
        busy={isLoading}
        onConfirm={() => void setStatus('closed')}
        onClose={() => setConfirmClose(false)}
      />
    </>
  );
}
