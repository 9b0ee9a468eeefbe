import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formResolver } from '../../../components/form/field-error-text';
import {
  CANNED_SHORTCUT_MAX,
  CANNED_TITLE_MAX,
  ZCannedReplyRequest,
  type TCannedReply,
  type TCannedReplyRequest,
  type TTicketDepartment,
} from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { errorText } from '../../../lib/api/api-error';
import { useCreateCannedReplyMutation, useUpdateCannedReplyMutation } from '../api/help-desk-api';

const FIELDS = ['title', 'shortcut', 'body'] as const;

/** Adds a canned reply to a desk, or edits one (`reply`); contract and server errors under the fields. */
export function CannedReplyForm({
  department,
  reply,
  onDone,
}: {
  department: TTicketDepartment;
  reply: TCannedReply | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [create, created] = useCreateCannedReplyMutation();
  const [update, updated] = useUpdateCannedReplyMutation();
  const { control, handleSubmit, setError } = useForm<TCannedReplyRequest>({
    resolver: formResolver(ZCannedReplyRequest),
    defaultValues: { department, title: reply?.title ?? '', shortcut: reply?.shortcut ?? '', body: reply?.body ?? '' },
  });

  const submit = handleSubmit(async (values) => {
    const result = reply ? await update({ id: reply.id, body: values }) : await create(values);
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, FIELDS)) toast.error(errorText(result.error));
      return;
    }
    toast.success(t(reply ? 'desk.settings.canned.updated' : 'desk.settings.canned.created'));
    onDone();
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-labelledby="canned-reply-form-title">
      <Typography id="canned-reply-form-title" component="h3" sx={{ fontWeight: 600 }}>
        {reply ? t('desk.settings.canned.editTitle') : t('desk.settings.canned.newTitle')}
      </Typography>
      <FormTextField
        control={control}
        name="title"
        label={t('desk.settings.canned.title')}
        slotProps={{ htmlInput: { maxLength: CANNED_TITLE_MAX } }}
      />
      <FormTextField
        control={control}
        name="shortcut"
        label={t('desk.settings.canned.shortcut')}
        helperText={t('desk.settings.canned.shortcutHint')}
        slotProps={{
          htmlInput: { maxLength: CANNED_SHORTCUT_MAX, dir: 'ltr', autoCapitalize: 'none', spellCheck: false },
          input: { startAdornment: <InputAdornment position="start">/</InputAdornment> },
        }}
      />
      <FormTextField control={control} name="body" label={t('desk.settings.canned.body')} multiline minRows={4} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button color="inherit" onClick={onDone}>
          {t('desk.settings.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={created.isLoading || updated.isLoading}>
          {t('desk.settings.canned.save')}
        </Button>
      </Box>
    </Stack>
  );
}
