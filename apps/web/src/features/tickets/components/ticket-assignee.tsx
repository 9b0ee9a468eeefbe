import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { canAssignTicket, type TTicket, type TUser } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { UserAvatar } from '../../../components/user-avatar';
import { errorText } from '../../../lib/api/api-error';
import { useAnswerTicketMutation, useDeskMembersQuery } from '../api/tickets-api';
import { ownerName } from '../ticket-format';
import { departmentName } from '../../../components/department-name';

/** Who has taken the ticket; the desk takes it, or lets it go. */
export function TicketAssignee({ ticket, viewer }: { ticket: TTicket; viewer: TUser }) {
  const { t } = useTranslation();
  const [answer, { isLoading }] = useAnswerTicketMutation();
  const assignee = ticket.assignee;
  const canAssign = canAssignTicket(viewer, ticket);
  // Colleagues who may take it: only fetched for those who may assign.
  const { data: members = [] } = useDeskMembersQuery(ticket.department, { skip: !canAssign });
  const others = members.filter((m) => m.id !== viewer.id && m.id !== assignee?.id);
  if (!assignee && !canAssign) return null;

  const assign = async (to: number | null) => {
    const result = await answer({ id: ticket.id, fields: { assignee: to } });
    if ('error' in result) toast.error(errorText(result.error));
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      {assignee ? (
        <>
          <UserAvatar user={{ ...assignee, avatar: '' }} size={28} />
          <Typography variant="body2">
            {assignee.id === viewer.id
              ? t('tickets.assignee.you')
              : t('tickets.assignee.taken', { name: ownerName(assignee) })}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('tickets.assignee.nobody')}
        </Typography>
      )}
      {canAssign && assignee?.id !== viewer.id ? (
        <Button size="small" variant="outlined" loading={isLoading} onClick={() => void assign(viewer.id)}>
          {t('tickets.assignee.take')}
        </Button>
      ) : null}
      {canAssign && others.length > 0 ? (
        <TextField
          select
          size="small"
          label={t('tickets.assignee.handTo')}
          value=""
          disabled={isLoading}
          onChange={(e) => void assign(Number(e.target.value))}
          sx={{ minWidth: 200 }}
          fullWidth={false}
        >
          {others.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {ownerName(m)} · {departmentName(t, m.user_type)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {canAssign && assignee ? (
        <Button size="small" color="inherit" loading={isLoading} onClick={() => void assign(null)}>
          {t('tickets.assignee.release')}
        </Button>
      ) : null}
    </Box>
  );
}
