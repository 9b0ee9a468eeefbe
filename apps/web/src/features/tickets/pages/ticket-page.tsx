import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  canReplyToTicket,
  canSeeInternalNotes,
  DEFAULT_TICKET_WAITING_MINUTES,
  isTicketDesk,
  reopenDeadline,
  ticketStatusChoices,
  type TTicket,
  type TUser,
} from '@portal/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { StatusPage } from '../../../components/status-page';
import { selectCurrentUser } from '../../auth';
import { deskTicketsSeen } from '../active-ticket.slice';
import { useTicketDetailQuery } from '../api/tickets-api';
import { ReplyForm } from '../components/reply-form';
import { TicketPriorityChip, TicketStatusChip } from '../components/ticket-chips';
import { TicketAssignee } from '../components/ticket-assignee';
import { TicketMessage } from '../components/ticket-message';
import { TicketStatusControl } from '../components/ticket-status-control';
import { TicketPriorityControl } from '../components/ticket-priority-control';
import { TicketSla } from '../components/ticket-sla';
import { RequesterPanel } from '../components/requester-panel';
import { QueueNavigation } from '../components/queue-navigation';
import { overdueMinutes, ownerName } from '../ticket-format';
import { BidiTrans } from '../../../components/bidi';
import { formatDateTime } from '../../../lib/format';

type View = 'owner' | 'desk';

const BACK: Record<View, { to: string; key: 'tickets.thread.backHome' | 'tickets.thread.backDesk' }> = {
  owner: { to: '/', key: 'tickets.thread.backHome' },
  desk: { to: '/dashboard', key: 'tickets.thread.backDesk' },
};

/** Why no reply box: closed, and whether (and until when) this viewer may reopen. */
function ClosedNotice({ ticket, viewer }: { ticket: TTicket; viewer: TUser }) {
  const { t } = useTranslation();
  if (isTicketDesk(viewer, ticket.department)) return <Alert severity="info">{t('tickets.thread.closedDesk')}</Alert>;
  const until = ticket.closed_at ? reopenDeadline(ticket.closed_at) : null;
  if (until && until.getTime() > Date.now()) {
    return (
      <Alert severity="info">
        <BidiTrans i18nKey="tickets.thread.closedOwner" values={{ date: formatDateTime(until) }} />
      </Alert>
    );
  }
  return <Alert severity="info">{t('tickets.thread.closedFinal')}</Alert>;
}

function TicketThread({ ticket, viewer, view }: { ticket: TTicket; viewer: TUser; view: View }) {
  const { t } = useTranslation();
  const owner = ticket.user;
  const desk = view === 'desk' && canSeeInternalNotes(viewer, ticket);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: desk ? 'minmax(0, 1fr) 300px' : 'minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <PageHeader
          title={ticket.subject}
          subtitle={
            <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <span>{t('tickets.thread.number', { id: ticket.id })}</span>
              <span aria-hidden="true">·</span>
              <span>
                <BidiTrans i18nKey="tickets.thread.toDesk" values={{ department: ticket.department }} />
              </span>
              <TicketStatusChip status={ticket.status} />
              <TicketPriorityChip priority={ticket.priority} />
            </Box>
          }
          actions={
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
              {view === 'desk' ? <TicketPriorityControl ticket={ticket} viewer={viewer} /> : null}
              <TicketStatusControl ticket={ticket} viewer={viewer} />
            </Box>
          }
        />
        <Stack spacing={2}>
          <TicketAssignee ticket={ticket} viewer={viewer} />
          {desk ? <TicketSla ticket={ticket} /> : null}
          {ticket.waiting_since && view === 'desk' ? (
            <Alert
              severity={
                overdueMinutes(ticket.waiting_since, DEFAULT_TICKET_WAITING_MINUTES) === null ? 'info' : 'warning'
              }
              variant="outlined"
            >
              <BidiTrans i18nKey="tickets.thread.waiting" values={{ time: formatDateTime(ticket.waiting_since) }} />
            </Alert>
          ) : null}
          <Stack
            spacing={2}
            component="section"
            aria-label={t('tickets.thread.number', { id: ticket.id })}
            aria-live="polite"
          >
            <TicketMessage
              author={owner}
              body={ticket.description}
              at={ticket.created_at}
              attachments={ticket.attachments}
              mine={owner.id === viewer.id}
              desk={false}
            />
            {ticket.ticket_reply.map((r) => (
              <TicketMessage
                key={r.id}
                author={r.author}
                body={r.body}
                at={r.created_at}
                attachments={r.attachments}
                mine={r.author.id === viewer.id}
                desk={r.is_desk}
                internal={r.internal}
              />
            ))}
            {ticket.ticket_reply.length === 0 ? (
              <Typography color="text.secondary" sx={{ pl: 6 }}>
                {t('tickets.thread.noReplies')}
              </Typography>
            ) : null}
          </Stack>
          <Divider />
          {canReplyToTicket(viewer, ticket) ? (
            <Card>
              <CardContent>
                <ReplyForm
                  // A fresh box per ticket (its own draft and mode) when next/previous moves on.
                  key={ticket.id}
                  ticketId={ticket.id}
                  viewerId={viewer.id}
                  canClose={ticketStatusChoices(viewer, ticket).includes('closed')}
                  {...(desk ? { desk: ticket.department } : {})}
                />
              </CardContent>
            </Card>
          ) : (
            <ClosedNotice ticket={ticket} viewer={viewer} />
          )}
          <Typography variant="body2" color="text.secondary">
            <BidiTrans
              i18nKey="tickets.thread.opened"
              values={{ name: ownerName(owner), time: formatDateTime(ticket.created_at) }}
            />
            {ticket.first_response_at ? (
              <>
                {' · '}
                <BidiTrans
                  i18nKey="tickets.thread.firstResponse"
                  values={{ time: formatDateTime(ticket.first_response_at) }}
                />
              </>
            ) : null}
          </Typography>
        </Stack>
      </Box>
      {desk ? (
        // Above the thread on phones (folded), beside it on wide screens.
        <Box sx={{ order: { xs: -1, md: 0 }, minWidth: 0 }}>
          <RequesterPanel ticketId={ticket.id} />
        </Box>
      ) : null}
    </Box>
  );
}

function TicketView({ view }: { view: View }) {
  const { t } = useTranslation();
  const { ticketId } = useParams();
  const viewer = useSelector(selectCurrentUser);
  const id = Number(ticketId);
  const valid = Number.isInteger(id) && id > 0;
  const { data: ticket, isError, isLoading } = useTicketDetailQuery(id, { skip: !valid });
  const failed = !valid || isError;

  // Spec §8: a failed ticket detail is a warning toast with this exact text.
  useEffect(() => {
    if (failed) toast.warning(t('tickets.thread.notFound'), { toastId: `ticket-missing-${ticketId}` });
  }, [failed, ticketId, t]);

  // Opening a new ticket's desk thread counts as having seen it (the Dashboard badge).
  const dispatch = useDispatch();
  useEffect(() => {
    if (view === 'desk' && valid) dispatch(deskTicketsSeen(id));
  }, [dispatch, view, valid, id]);

  // Back to the desk view the ticket was opened from, when it was (its filters kept).
  const from = (useLocation().state as { back?: unknown } | null)?.back;
  const back = {
    ...BACK[view],
    ...(view === 'desk' && typeof from === 'string' && from.startsWith('/dashboard') ? { to: from } : {}),
  };
  if (failed) {
    // The spec's warning toast says it once (above); the page itself says it plainly,
    // with one way back.
    return (
      <PageContainer maxWidth="md">
        <StatusPage
          title={t('tickets.thread.missingTitle')}
          body={t('tickets.thread.missingBody')}
          actions={
            <Button component={Link} to={back.to} variant="contained">
              {t(back.key)}
            </Button>
          }
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer maxWidth={view === 'desk' ? 'lg' : 'md'}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <Button
          component={Link}
          to={back.to}
          startIcon={
            <ArrowBackRounded sx={(theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {})} />
          }
          color="inherit"
        >
          {t(back.key)}
        </Button>
        {view === 'desk' && valid ? (
          <QueueNavigation
            ticketId={id}
            back={typeof from === 'string' && from.startsWith('/dashboard') ? from : null}
          />
        ) : null}
      </Box>
      {isLoading || !ticket || !viewer ? (
        <Stack spacing={2} aria-busy="true">
          <Skeleton variant="text" width="60%" height={48} />
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={90} />
        </Stack>
      ) : (
        <TicketThread ticket={ticket} viewer={viewer} view={view} />
      )}
    </PageContainer>
  );
}

/** `/ticket/{ticketId}`: the owner's thread. */
export function TicketPage() {
  return <TicketView view="owner" />;
}

/** `/dashboard/ticket/{ticketId}`: the desk's thread, with the status control. */
export function DeskTicketPage() {
  return <TicketView view="desk" />;
}
