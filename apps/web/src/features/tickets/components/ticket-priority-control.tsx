import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  canSetTicketPriority,
  TICKET_PRIORITIES,
  type TTicket,
  type TTicketPriority,
  type TUser,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorText } from '../../../lib/api/api-error';
import { useAnswerTicketMutation } from '../api/tickets-api';

/** The desk re-prioritises an active ticket (beside the status control); nobody else sees it. */
export function TicketPriorityControl({ ticket, viewer }: { ticket: TTicket; viewer: TUser }) {
  const { t } = useTranslation();
  const [answer, { isLoading }] = useAnswerTicketMutation();
  if (!canSetTicketPriority(viewer, ticket)) return null;

  const setPriority = async (priority: TTicketPriority) => {
    const result = await answer({ id: ticket.id, fields: { priority } });
    if ('error' in result) toast.error(errorText(result.error));
    else toast.success(t('tickets.thread.priorityChanged', { priority: t(`tickets.priorities.${priority}`) }));
  };

  return (
    <TextField
      select
      size="small"
      label={t('tickets.thread.setPriority')}
      value={ticket.priority}
      disabled={isLoading}
      onChange={(e) => void setPriority(e.target.value as TTicketPriority)}
      sx={{ minWidth: 140 }}
    >
      {TICKET_PRIORITIES.map((p) => (
        <MenuItem key={p} value={p}>
          {t(`tickets.priorities.${p}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
