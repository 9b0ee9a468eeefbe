import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZTicketReplyText } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useAnswerTicketMutation } from '../api/tickets-api';
import { AttachmentPicker, useAttachments } from './attachment-picker';
import { reportFormError } from './report-form-error';

const ZReplyForm = z.object({ reply: ZTicketReplyText });

/** sessionStorage may be unavailable (private mode, quota): a lost draft must not break replying. */
function readDraft(key: string): string {
  try {
    return window.sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(key: string, text: string): void {
  try {
    if (text) window.sessionStorage.setItem(key, text);
    else window.sessionStorage.removeItem(key);
  } catch {
    // Drafts are a convenience.
  }
}
type ReplyForm = z.input<typeof ZReplyForm>;

/** The reply box under a thread: text plus up to 5 files, sent as one message. */
export function ReplyForm({
  ticketId,
  viewerId,
  canClose = false,
}: {
  ticketId: number;
  viewerId: number;
  canClose?: boolean;
}) {
  const { t } = useTranslation();
  const draftKey = `portal.ticket-draft.${viewerId}.${ticketId}`;
  const [answer, { isLoading }] = useAnswerTicketMutation();
  const attachments = useAttachments();
  const files = attachments.files;
  const [filesError, setFilesError] = useState<string | undefined>();
  const { control, handleSubmit, setError, reset } = useForm<ReplyForm, unknown, z.output<typeof ZReplyForm>>({
    resolver: zodResolver(ZReplyForm),
    defaultValues: { reply: readDraft(draftKey) },
  });
  // An unsent reply survives leaving the page and reloads, for this tab's session only.
  const draft = useWatch({ control, name: 'reply' });
  useEffect(() => writeDraft(draftKey, draft), [draftKey, draft]);

  // "Send and close": the last word and the close in one request (one notification, one frame).
  const send = (status?: 'closed') =>
    handleSubmit(async ({ reply }) => {
      setFilesError(undefined);
      const result = await answer({ id: ticketId, fields: status ? { reply, status } : { reply }, files });
      if ('error' in result) {
        setFilesError(reportFormError(result.error, setError, ['reply']));
        return;
      }
      reset({ reply: '' });
      writeDraft(draftKey, '');
      attachments.clear();
    });
  const submit = send();

  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      onSubmit={submit}
      aria-label={t('tickets.thread.replyLabel')}
      {...attachments.formProps}
    >
      <FormTextField
        control={control}
        name="reply"
        label={t('tickets.thread.replyLabel')}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { dir: 'auto' } }}
        onKeyDown={(e) => {
          // Ctrl/Cmd+Enter sends, as in mail and chat clients.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
        }}
      />
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'flex-start' }}
      >
        <AttachmentPicker attachments={attachments} error={filesError} disabled={isLoading} />
        <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
          {canClose ? (
            <Button variant="outlined" loading={isLoading} onClick={() => void send('closed')()}>
              {t('tickets.thread.sendAndClose')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" loading={isLoading}>
            {t('tickets.thread.send')}
          </Button>
        </Box>
      </Box>
    </Stack>
  );
}
