import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { formResolver } from '../../../components/form/field-error-text';
import {
  isStaff,
  STAFF_DEPARTMENTS,
  TICKET_PRIORITIES,
  ZCreateTicketRequest,
  type TCreateTicketRequest,
} from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { FormCard } from '../../../components/form/form-card';
import { FormTextField } from '../../../components/form/form-text-field';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { selectCurrentUser } from '../../auth';
import { useCreateTicketMutation } from '../api/tickets-api';
import { AttachmentPicker, useAttachments } from '../../../components/attachments';
import { ownerTicketPath } from '../ticket-format';
import { reportFormError } from '../../../components/form/report-form-error';
import type { Said } from '../../../lib/api/api-error';
import { departmentName } from '../../../components/department-name';

const FIELDS = ['department', 'subject', 'description', 'priority'] as const;

/** `/ticket/create`: a ticket for a desk, with attachments; errors under their fields. */
export function CreateTicketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSelector(selectCurrentUser);
  const [createTicket, { isLoading }] = useCreateTicketMutation();
  const attachments = useAttachments();
  const files = attachments.files;
  const [filesError, setFilesError] = useState<Said | undefined>();
  const { control, handleSubmit, setError } = useForm<
    TCreateTicketRequest,
    unknown,
    z.output<typeof ZCreateTicketRequest>
  >({
    resolver: formResolver(ZCreateTicketRequest),
    // IT is where most tickets go; the owner picks another desk when needed.
    defaultValues: { department: 'IT', subject: '', description: '', priority: 'normal' },
  });

  if (user && !isStaff(user)) return <Navigate to="/" replace />;

  const submit = handleSubmit(async (fields) => {
    setFilesError(undefined);
    const result = await createTicket({ fields, files });
    if ('error' in result) {
      setFilesError(reportFormError(result.error, setError, FIELDS));
      return;
    }
    toast.success(t('tickets.create.created', { id: result.data.id, department: result.data.department }));
    void navigate(ownerTicketPath(result.data.id));
  });

  return (
    <PageContainer maxWidth="md">
      <PageHeader title={t('pages.ticketCreate')} subtitle={t('tickets.create.intro')} />
      <FormCard label={t('pages.ticketCreate')} onSubmit={submit} {...attachments.formProps}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
          <FormTextField
            control={control}
            name="department"
            label={t('tickets.fields.department')}
            helperText={t('tickets.create.departmentHelp')}
            select
            required
          >
            {STAFF_DEPARTMENTS.map((d) => (
              <MenuItem key={d} value={d}>
                {departmentName(t, d)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="priority" label={t('tickets.fields.priority')} select>
            {TICKET_PRIORITIES.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`tickets.priorities.${p}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Box>
        <FormTextField
          control={control}
          name="subject"
          label={t('tickets.fields.subject')}
          required
          autoFocus
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
        <FormTextField
          control={control}
          name="description"
          label={t('tickets.fields.description')}
          required
          multiline
          minRows={5}
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
        <AttachmentPicker attachments={attachments} error={filesError} disabled={isLoading} />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button component={Link} to="/" color="inherit">
            {t('tickets.create.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            {t('tickets.create.submit')}
          </Button>
        </Box>
      </FormCard>
    </PageContainer>
  );
}
