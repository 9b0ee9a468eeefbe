import LockRounded from '@mui/icons-material/LockRounded';
import ReplyRounded from '@mui/icons-material/ReplyRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formResolver } from '../../../components/form/field-error-text';
import { ZTicketReplyText, type TCannedReply, type TTicketDepartment } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useCannedRepliesQuery } from '../api/help-desk-api';
import { useAnswerTicketMutation } from '../api/tickets-api';
import { AttachmentPicker, useAttachments } from '../../../components/attachments';
import { CannedReplyMenu, insertText, useCannedCompletion } from './canned-reply-picker';
import { noteSx } from './ticket-chips';
import { reportFormError } from '../../../components/form/report-form-error';
import type { Said } from '../../../lib/api/api-error';

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
type Mode = 'reply' | 'note';
const NO_REPLIES: TCannedReply[] = [];

/**
 * The reply box under a thread: text plus up to 5 files, sent as one message. The desk
 * (`desk` given) also writes internal notes and inserts its canned replies.
 */
export function ReplyForm({
  ticketId,
  viewerId,
  canClose = false,
  desk,
}: {
  ticketId: number;
  viewerId: number;
  canClose?: boolean;
  /** The ticket's desk, when the viewer is on it (canSeeInternalNotes). */
  desk?: TTicketDepartment;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('reply');
  const note = mode === 'note';
  const draftKey = `portal.ticket-draft.${viewerId}.${ticketId}`;
  const [answer, { isLoading }] = useAnswerTicketMutation();
  const attachments = useAttachments();
  const files = attachments.files;
  const [filesError, setFilesError] = useState<Said | undefined>();
  const { control, handleSubmit, setError, reset, setValue } = useForm<ReplyForm, unknown, z.output<typeof ZReplyForm>>(
    {
      resolver: formResolver(ZReplyForm),
      defaultValues: { reply: readDraft(draftKey) },
    },
  );
  // An unsent reply survives leaving the page and reloads, for this tab's session only.
  const draft = useWatch({ control, name: 'reply' });
  useEffect(() => writeDraft(draftKey, draft), [draftKey, draft]);

  const { data: canned = NO_REPLIES } = useCannedRepliesQuery(desk ? { department: desk } : {}, { skip: !desk });
  const input = useRef<HTMLTextAreaElement>(null);
  const replace = (text: string, caret: number) => {
    setValue('reply', text, { shouldDirty: true });
    // After React has put the new text in the box.
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(caret, caret);
    });
  };
  const completion = useCannedCompletion(canned, { input, value: draft ?? '', replace });
  // From the menu: at the caret (or over the selection) the box had when it lost focus.
  const insertCanned = (reply: TCannedReply) => {
    const el = input.current;
    const text = draft ?? '';
    const next = insertText(text, el?.selectionStart ?? text.length, el?.selectionEnd ?? text.length, reply.body);
    replace(next.text, next.caret);
  };

  // "Send and close": the last word and the close in one request (one notification, one frame).
  const send = (status?: 'closed') =>
    handleSubmit(async ({ reply }) => {
      setFilesError(undefined);
      const fields = note ? { reply, internal: true } : status ? { reply, status } : { reply };
      const result = await answer({ id: ticketId, fields, files });
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
      aria-label={note ? t('tickets.thread.noteBoxLabel') : t('tickets.thread.replyLabel')}
      {...attachments.formProps}
    >
      {desk ? (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          onChange={(_e, next: Mode | null) => next && setMode(next)}
          aria-label={t('tickets.thread.modeLabel')}
          // On phones the two halves share the width (wrapped, the group's borders broke apart).
          sx={{
            alignSelf: { xs: 'stretch', sm: 'flex-start' },
            '& .MuiToggleButton-root': { flex: { xs: 1, sm: 'none' } },
          }}
        >
          <ToggleButton value="reply" sx={{ gap: 0.75, textTransform: 'none' }}>
            <ReplyRounded
              fontSize="small"
              sx={(theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {})}
            />
            {t('tickets.thread.replyMode')}
          </ToggleButton>
          <ToggleButton value="note" sx={{ gap: 0.75, textTransform: 'none' }}>
            <LockRounded fontSize="small" />
            {t('tickets.thread.noteMode')}
          </ToggleButton>
        </ToggleButtonGroup>
      ) : null}
      <Box sx={note ? (theme) => ({ ...noteSx(theme), borderRadius: 1.5, p: 1 }) : undefined}>
        {note ? (
          <Typography
            variant="body2"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 1, fontWeight: 600 }}
            id={`note-hint-${ticketId}`}
          >
            <LockRounded fontSize="small" aria-hidden="true" />
            {t('tickets.notes.hint')}
          </Typography>
        ) : null}
        <FormTextField
          control={control}
          name="reply"
          id={`reply-${ticketId}`}
          label={note ? t('tickets.thread.noteBoxLabel') : t('tickets.thread.replyLabel')}
          multiline
          minRows={3}
          fullWidth
          helperText={desk && canned.length > 0 ? t('tickets.canned.typeHint') : undefined}
          slotProps={{
            htmlInput: {
              dir: 'auto',
              ref: input,
              ...(desk ? completion.inputProps : {}),
              // The note's warning first, then the field's own help or error.
              ...(note ? { 'aria-describedby': `note-hint-${ticketId} reply-${ticketId}-helper-text` } : {}),
            },
          }}
          sx={note ? { '& .MuiInputBase-root': { bgcolor: 'background.paper' } } : undefined}
          onKeyDown={(e) => {
            if (desk) completion.onKeyDown(e);
            if (e.defaultPrevented) return;
            // Ctrl/Cmd+Enter sends, as in mail and chat clients.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
          }}
        />
        {desk ? completion.list : null}
      </Box>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'flex-start' }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <AttachmentPicker attachments={attachments} error={filesError} disabled={isLoading} />
          {desk ? <CannedReplyMenu replies={canned} onChoose={insertCanned} disabled={isLoading} /> : null}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
          {canClose && !note ? (
            <Button variant="outlined" loading={isLoading} onClick={() => void send('closed')()}>
              {t('tickets.thread.sendAndClose')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" loading={isLoading} startIcon={note ? <LockRounded /> : undefined}>
            {note ? t('tickets.thread.sendNote') : t('tickets.thread.send')}
          </Button>
        </Box>
      </Box>
    </Stack>
  );
}
