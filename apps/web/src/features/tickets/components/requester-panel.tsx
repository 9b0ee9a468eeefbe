import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import PhoneRounded from '@mui/icons-material/PhoneRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMediaQuery, useTheme } from '@mui/material';
import type { TTicketRequester, TTicketSummary } from '@portal/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Bidi } from '../../../components/bidi';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDateTime } from '../../../lib/format';
import { useTicketRequesterQuery } from '../api/help-desk-api';
import { deskTicketPath, ownerName } from '../ticket-format';
import { TicketStatusChip } from './ticket-chips';
import { departmentName } from '../../../components/department-name';

function TicketLinks({ title, tickets, empty }: { title: string; tickets: TTicketSummary[]; empty?: string }) {
  const id = useId();
  // Keeps "Back to the desk" (and the queue's next/previous) when moving to another of their tickets.
  const { state } = useLocation();
  if (tickets.length === 0 && !empty) return null;
  return (
    <Box>
      <Typography id={id} component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {tickets.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Box component="ul" aria-labelledby={id} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {tickets.map((ticket) => (
            <Box component="li" key={ticket.id} sx={{ py: 0.5 }}>
              <Link
                component={RouterLink}
                to={deskTicketPath(ticket.id)}
                state={state}
                underline="hover"
                sx={{ fontWeight: 500 }}
              >
                <Bidi>#{ticket.id}</Bidi> <Bidi>{ticket.subject}</Bidi>
              </Link>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.25 }}>
                <TicketStatusChip status={ticket.status} />
                <Typography variant="caption" color="text.secondary" component="time" dateTime={ticket.updated_at}>
                  {formatDateTime(ticket.closed_at ?? ticket.updated_at)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function Contact({ icon, href, label, value }: { icon: ReactNode; href: string; label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
      <Box aria-hidden="true" sx={{ display: 'flex', color: 'text.secondary' }}>
        {icon}
      </Box>
      <Link href={href} aria-label={`${label}: ${value}`} sx={{ overflowWrap: 'anywhere' }}>
        <Bidi dir="ltr">{value}</Bidi>
      </Link>
    </Box>
  );
}

function RequesterDetails({ data }: { data: TTicketRequester }) {
  const { t } = useTranslation();
  const { user } = data;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <UserAvatar user={{ ...user, avatar: '' }} size={44} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            <Bidi>{ownerName(user)}</Bidi>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <Bidi>@{user.username}</Bidi> · <Bidi>{departmentName(t, user.department)}</Bidi>
          </Typography>
        </Box>
      </Box>
      <Box>
        <Chip
          size="small"
          variant="outlined"
          color={user.is_active ? 'success' : 'default'}
          label={user.is_active ? t('tickets.requester.active') : t('tickets.requester.inactive')}
        />
      </Box>
      <Stack spacing={0.75}>
        {user.email ? (
          <Contact
            icon={<MailOutlineRounded fontSize="small" />}
            href={`mailto:${user.email}`}
            label={t('tickets.requester.email')}
            value={user.email}
          />
        ) : null}
        {user.phone ? (
          <Contact
            icon={<PhoneRounded fontSize="small" />}
            href={`tel:${user.phone}`}
            label={t('tickets.requester.phone')}
            value={user.phone}
          />
        ) : null}
      </Stack>
      <TicketLinks title={t('tickets.requester.open')} tickets={data.open} empty={t('tickets.requester.openEmpty')} />
      <TicketLinks title={t('tickets.requester.recent')} tickets={data.recent} />
      <Typography variant="body2" color="text.secondary">
        {t('tickets.requester.total', { count: data.total })}
      </Typography>
    </Stack>
  );
}

function RequesterBody({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useTicketRequesterQuery(ticketId);
  if (isLoading) {
    return (
      <Stack spacing={1} aria-busy="true">
        <Skeleton variant="rounded" height={44} />
        <Skeleton variant="text" />
        <Skeleton variant="text" />
      </Stack>
    );
  }
  if (isError || !data) return <Alert severity="warning">{t('tickets.requester.loadFailed')}</Alert>;
  return <RequesterDetails data={data} />;
}

/**
 * Who raised the ticket and their other tickets on the viewer's desks (desk only): a
 * column beside the thread on wide screens, a section folded away on phones.
 */
export function RequesterPanel({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const headingId = useId();
  if (wide) {
    return (
      <Card component="aside" aria-labelledby={headingId} variant="outlined" sx={{ position: 'sticky', top: 80 }}>
        <CardContent>
          <Typography id={headingId} component="h2" variant="overline" color="text.secondary">
            {t('tickets.requester.title')}
          </Typography>
          <RequesterBody ticketId={ticketId} />
        </CardContent>
      </Card>
    );
  }
  return (
    <Accordion
      component="aside"
      aria-labelledby={headingId}
      variant="outlined"
      disableGutters
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreRounded />}>
        <Typography id={headingId} component="span" sx={{ fontWeight: 600 }}>
          {t('tickets.requester.title')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <RequesterBody ticketId={ticketId} />
      </AccordionDetails>
    </Accordion>
  );
}
