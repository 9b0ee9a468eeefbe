import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TTicketPriority, TTicketStatus, TTicketUser } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { formatMinutes } from '../../../lib/format';
import { TicketPriorityChip, TicketStatusChip } from '../components/ticket-chips';
import { deskTicketPath, ownerName } from '../ticket-format';

export interface DeskRow {
  id: number;
  subject: string;
  user: TTicketUser;
  department: string;
  priority: TTicketPriority;
  status: TTicketStatus;
  assignee: TTicketUser | null;
  /** Last activity (queue) or closing time (history). */
  at: string;
  /** Minutes waiting for the desk, when longer than the desk's threshold. */
  overdueMinutes: number | null;
}

function WaitingChip({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t('desk.waitingFor', { time: formatMinutes(minutes) })}
      sx={(theme) => ({
        fontWeight: 600,
        color: '#8c1d18',
        bgcolor: '#fde7e4',
        ...theme.applyStyles('dark', { color: '#ffb8b0', bgcolor: 'rgba(255, 90, 80, 0.18)' }),
      })}
    />
  );
}

/** Tickets of the desk: a table on wide screens, cards on phones; each opens the desk's thread. */
export function DeskTicketTable({ rows, atLabel, label }: { rows: DeskRow[]; atLabel: string; label: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // The thread's "Back to the desk" returns to this very view (filters, tab, page).
  const { pathname, search } = useLocation();
  const state = { back: pathname + search };
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  if (!wide) {
    return (
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={label}>
        {rows.map((r) => (
          <Card component="li" key={r.id} sx={{ listStyle: 'none' }}>
            <CardActionArea component={Link} to={deskTicketPath(r.id)} state={state} sx={{ p: 2 }}>
              <Typography sx={{ fontWeight: 600, mb: 0.75 }}>
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, mr: 1 }}>
                  #{r.id}
                </Box>
                {r.subject}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 0.75 }}>
                <TicketStatusChip status={r.status} />
                <TicketPriorityChip priority={r.priority} />
                {r.overdueMinutes !== null ? <WaitingChip minutes={r.overdueMinutes} /> : null}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {ownerName(r.user)} · {r.department} · <time dateTime={r.at}>{time.format(new Date(r.at))}</time>
                {r.assignee ? ` · ${t('tickets.assignee.column')}: ${ownerName(r.assignee)}` : ''}
              </Typography>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {['#', t('tickets.fields.subject'), t('tickets.fields.owner'), t('tickets.fields.department')].map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
            <TableCell sx={{ fontWeight: 600 }}>{t('tickets.fields.priority')}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{t('tickets.fields.status')}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{t('tickets.assignee.column')}</TableCell>
            <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{atLabel}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow
              key={r.id}
              hover
              onClick={() => void navigate(deskTicketPath(r.id), { state })}
              sx={{ cursor: 'pointer', '&:last-child td': { borderBottom: 0 } }}
            >
              <TableCell sx={{ color: 'text.secondary' }}>{r.id}</TableCell>
              <TableCell sx={{ maxWidth: 360 }}>
                {/* The link makes the row reachable by keyboard; the row's click is for the mouse. */}
                <Box
                  component={Link}
                  to={deskTicketPath(r.id)}
                  state={state}
                  onClick={(e) => e.stopPropagation()}
                  sx={{
                    color: 'text.primary',
                    fontWeight: 600,
                    textDecoration: 'none',
                    '&:hover': { textDecoration: 'underline' },
                  }}
                >
                  {r.subject}
                </Box>
                {r.overdueMinutes !== null ? (
                  <Box sx={{ mt: 0.5 }}>
                    <WaitingChip minutes={r.overdueMinutes} />
                  </Box>
                ) : null}
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
                  <UserAvatar user={{ ...r.user, avatar: '' }} size={28} />
                  {ownerName(r.user)}
                </Box>
              </TableCell>
              <TableCell>{r.department}</TableCell>
              <TableCell>
                <TicketPriorityChip priority={r.priority} />
              </TableCell>
              <TableCell>
                <TicketStatusChip status={r.status} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: r.assignee ? 'text.primary' : 'text.secondary' }}>
                {r.assignee ? ownerName(r.assignee) : '—'}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={r.at}>{time.format(new Date(r.at))}</time>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
