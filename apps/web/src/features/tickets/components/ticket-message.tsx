import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TTicketAttachment, TTicketUser } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDateTime } from '../../../lib/format';
import { ownerName } from '../ticket-format';
import { AttachmentList } from '../../../components/attachments';
import { InternalNoteChip, noteSx } from './ticket-chips';

/** One message of a thread: the ticket's description or a reply. */
export function TicketMessage({
  author,
  body,
  at,
  attachments,
  mine,
  desk,
  internal = false,
}: {
  author: TTicketUser;
  body: string;
  at: string;
  attachments: TTicketAttachment[];
  /** Written by the viewer. */
  mine: boolean;
  /** Written by the desk (not the owner). */
  desk: boolean;
  /** An internal note (the desk's eyes only). */
  internal?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="article"
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
      aria-label={internal ? t('tickets.notes.srLabel', { name: ownerName(author) }) : undefined}
    >
      <UserAvatar user={{ ...author, avatar: '' }} size={36} />
      <Paper
        variant="outlined"
        sx={(theme) => ({
          flex: 1,
          minWidth: 0,
          p: { xs: 1.5, sm: 2 },
          borderRadius: 2.5,
          ...(desk &&
            !internal && {
              borderColor: theme.alpha(theme.palette.primary.main, 0.35),
              bgcolor: theme.alpha(theme.palette.primary.main, 0.05),
            }),
          ...(internal && noteSx(theme)),
        })}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1, mb: 0.75 }}>
          <Typography component="h3" sx={{ fontWeight: 600, fontSize: '0.95rem' }}>
            {mine ? t('tickets.thread.you') : <Bidi>{ownerName(author)}</Bidi>}
          </Typography>
          {internal ? (
            <InternalNoteChip />
          ) : desk ? (
            <Chip size="small" color="primary" variant="outlined" label={t('tickets.thread.deskBadge')} />
          ) : null}
          <Typography variant="body2" color="text.secondary" component="time" dateTime={at}>
            <Bidi>{formatDateTime(at)}</Bidi>
          </Typography>
        </Box>
        {/* The writer's own direction, whatever the page's (English text in the Arabic UI). */}
        <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', textAlign: 'start' }}>
          {body}
        </Typography>
        <AttachmentList attachments={attachments} />
      </Paper>
    </Box>
  );
}
