import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { canEditCannedReply, type TCannedReply, type TTicketDepartment, type TUser } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api/api-error';
import { useCannedRepliesQuery, useDeleteCannedReplyMutation } from '../api/help-desk-api';
import { ownerName } from '../ticket-format';
import { useFailureToast } from '../../../lib/api/use-failure-toast';
import { CannedReplyForm } from './canned-reply-form';

/**
 * A desk's canned replies by title: any desk member adds one; its author or a desk manager
 * edits or deletes it (canEditCannedReply), deleting after a confirmation.
 */
export function CannedRepliesManager({ department, viewer }: { department: TTicketDepartment; viewer: TUser }) {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useCannedRepliesQuery({ department });
  useFailureToast(error, 'desk-canned-failed');
  const [editing, setEditing] = useState<TCannedReply | 'new' | null>(null);
  const [removing, setRemoving] = useState<TCannedReply | null>(null);
  const [remove, removal] = useDeleteCannedReplyMutation();

  if (editing) {
    return (
      <CannedReplyForm
        department={department}
        reply={editing === 'new' ? null : editing}
        onDone={() => setEditing(null)}
      />
    );
  }

  const confirmRemove = async () => {
    if (!removing) return;
    const result = await remove(removing.id);
    if ('error' in result) toast.error(errorText(result.error));
    else toast.success(t('desk.settings.canned.deleted'));
    setRemoving(null);
  };

  const replies = [...(data ?? [])].sort((a, b) => a.title.localeCompare(b.title));
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
          {t('desk.settings.canned.add')}
        </Button>
      </Box>
      {isLoading ? (
        <Skeleton variant="rounded" height={120} aria-label={t('loader.loading')} />
      ) : error ? (
        <Button variant="outlined" onClick={() => void refetch()}>
          {t('errors.retry')}
        </Button>
      ) : replies.length === 0 ? (
        <Card variant="outlined" sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed' }}>
          <Typography color="text.secondary">{t('tickets.canned.empty')}</Typography>
        </Card>
      ) : (
        <Box
          component="ul"
          aria-label={t('tickets.canned.listLabel')}
          sx={{ display: 'grid', gap: 1, p: 0, m: 0, listStyle: 'none' }}
        >
          {replies.map((r) => {
            const editable = canEditCannedReply(viewer, r);
            return (
              <Card
                key={r.id}
                component="li"
                variant="outlined"
                sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 2, py: 1.25, minWidth: 0 }}
              >
                <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    <Bidi>{r.title}</Bidi>{' '}
                    <Box component="code" sx={{ fontWeight: 400, color: 'text.secondary', fontSize: '0.85rem' }}>
                      <Bidi dir="ltr">/{r.shortcut}</Bidi>
                    </Box>
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                  >
                    <Bidi>{r.body}</Bidi>
                  </Typography>
                  {r.created_by ? (
                    <Typography variant="caption" color="text.secondary">
                      {t('desk.settings.canned.by')} <Bidi>{ownerName(r.created_by)}</Bidi>
                    </Typography>
                  ) : null}
                </Box>
                {editable ? (
                  <Box sx={{ display: 'flex', flexShrink: 0 }}>
                    <IconButton
                      aria-label={t('desk.settings.canned.edit', { title: r.title })}
                      onClick={() => setEditing(r)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('desk.settings.canned.delete', { title: r.title })}
                      onClick={() => setRemoving(r)}
                    >
                      <DeleteOutlineRounded fontSize="small" />
                    </IconButton>
                  </Box>
                ) : null}
              </Card>
            );
          })}
        </Box>
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('desk.settings.canned.confirmTitle')}
        body={t('desk.settings.canned.confirmBody', { title: removing?.title ?? '' })}
        confirmLabel={t('desk.settings.canned.confirm')}
        cancelLabel={t('desk.settings.cancel')}
        danger
        busy={removal.isLoading}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
