import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { issueMessage, REPORT_TYPES, ZReportRequest, type TReport, type TReportType } from '@portal/contracts';
import { useState } from 'react';
import { Controller, useForm, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormCard } from '../../../components/form/form-card';
import { FormTextField } from '../../../components/form/form-text-field';
import { DateRangeFields, DatesProvider } from '../../../components/date-fields';
import { AttachmentPicker, useAttachments } from '../../../components/attachments';
import { fieldErrorText, type CodedFieldError } from '../../../components/form/field-error-text';
import { reportFormError } from '../../../components/form/report-form-error';
import { errorText, type Said } from '../../../lib/api/api-error';
import {
  useCreateReportMutation,
  useDeleteReportMutation,
  useUpdateReportMutation,
  type ReportFields,
} from '../api/reports-api';
import { REPORT_PATHS } from '../report-format';
import { ReportEditor } from './report-editor';
import { SubjectsField } from './subjects-field';

interface FormValues {
  title: string;
  type: TReportType | '';
  subjects: string[];
  period_from: string;
  period_to: string;
  body: string;
}

const FIELDS = ['title', 'type', 'subjects', 'period_from', 'period_to', 'body'] as const;

/** The contract's own checks, each message under its field (the first per field). */
const resolver: Resolver<FormValues> = (values) => {
  const parsed = ZReportRequest.safeParse(values);
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= { type: 'validation', message: issue.message, said: issueMessage(issue) } as CodedFieldError;
  }
  return { values: {}, errors: errors as FieldErrors<FormValues> };
};

function initialValues(from: TReport | undefined): FormValues {
  return {
    title: from?.title ?? '',
    type: from?.type ?? '',
    subjects: from?.subjects.map((s) => s.username) ?? [],
    period_from: from?.period_from ?? '',
    period_to: from?.period_to ?? '',
    body: from?.body ?? '',
  };
}

/**
 * A report's form: a new one, a draft being edited (`draft`), or a new one replacing a
 * submitted report (`supersedes`, prefilled from it). "Save draft" keeps it editable;
 * "Submit" asks first, since a submitted report is final.
 */
export function ReportForm({ draft, supersedes }: { draft?: TReport; supersedes?: TReport }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [createReport, creating] = useCreateReportMutation();
  const [updateReport, updating] = useUpdateReportMutation();
  const [deleteReport, deleting] = useDeleteReportMutation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const busy = creating.isLoading || updating.isLoading || deleting.isLoading;
  const attachments = useAttachments();
  const [filesError, setFilesError] = useState<Said | undefined>();
  const [removed, setRemoved] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<FormValues | null>(null);
  const { control, handleSubmit, setError, setValue, watch, formState } = useForm<FormValues>({
    resolver,
    defaultValues: initialValues(draft ?? supersedes),
  });
  const [from, to] = watch(['period_from', 'period_to']);

  const send = async (values: FormValues, submit: boolean) => {
    setFilesError(undefined);
    const fields: ReportFields = {
      ...values,
      type: values.type as TReportType,
      submit,
      ...(supersedes ? { supersedes: supersedes.id } : {}),
      ...(draft && removed.length > 0 ? { remove_attachments: removed } : {}),
    };
    const result = draft
      ? await updateReport({ id: draft.id, fields, files: attachments.files })
      : await createReport({ fields, files: attachments.files });
    if ('error' in result) {
      setFilesError(reportFormError(result.error, setError, FIELDS));
      return;
    }
    attachments.clear();
    setRemoved([]);
    if (submit) {
      toast.success(t('reports.form.submitted'));
      void navigate(REPORT_PATHS.list);
    } else {
      toast.success(t('reports.form.saved'));
      if (!draft) void navigate(REPORT_PATHS.edit(result.data.id), { replace: true });
    }
  };

  const remove = async (id: number) => {
    const result = await deleteReport(id);
    setConfirmingDelete(false);
    if ('error' in result) {
      toast.error(errorText(result.error));
      return;
    }
    toast.success(t('reports.form.deleted'));
    void navigate(REPORT_PATHS.list);
  };

  const kept = draft?.attachments.filter((a) => !removed.includes(a.id)) ?? [];
  const errors = formState.errors;

  return (
    <DatesProvider>
      <FormCard
        label={draft ? t('pages.editReport', { reportId: draft.id }) : t('pages.createReport')}
        onSubmit={handleSubmit((values) => send(values, false))}
        {...attachments.formProps}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
          <FormTextField
            control={control}
            name="title"
            label={t('reports.fields.title')}
            required
            autoFocus={!draft}
            slotProps={{ htmlInput: { dir: 'auto', maxLength: 200 } }}
          />
          <FormTextField control={control} name="type" label={t('reports.fields.type')} select required>
            {REPORT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`reports.types.${type}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Box>
        <Controller
          control={control}
          name="subjects"
          render={({ field, fieldState }) => (
            <SubjectsField
              value={field.value}
              onChange={field.onChange}
              error={fieldErrorText(fieldState.error)}
              disabled={busy}
            />
          )}
        />
        <DateRangeFields
          label={t('reports.fields.period')}
          from={{
            name: 'period_from',
            label: t('reports.fields.periodFrom'),
            value: from,
            error: fieldErrorText(errors.period_from),
          }}
          to={{
            name: 'period_to',
            label: t('reports.fields.periodTo'),
            value: to,
            error: fieldErrorText(errors.period_to),
          }}
          onChange={(range) => {
            setValue('period_from', range.from, { shouldValidate: formState.isSubmitted });
            setValue('period_to', range.to, { shouldValidate: formState.isSubmitted });
          }}
          required
          disabled={busy}
        />
        <Controller
          control={control}
          name="body"
          render={({ field, fieldState }) => (
            <ReportEditor
              label={t('reports.fields.body')}
              value={field.value}
              onChange={field.onChange}
              error={fieldErrorText(fieldState.error)}
              disabled={busy}
            />
          )}
        />
        {kept.length > 0 ? (
          <Box>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t('reports.form.keptFiles')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {kept.map((a) => (
                <Chip
                  key={a.id}
                  label={a.filename}
                  onDelete={busy ? undefined : () => setRemoved([...removed, a.id])}
                  title={t('attachments.remove', { name: a.filename })}
                  sx={{ maxWidth: 280 }}
                />
              ))}
            </Box>
          </Box>
        ) : null}
        <AttachmentPicker attachments={attachments} error={filesError} disabled={busy} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          {draft ? (
            <Button color="error" disabled={busy} onClick={() => setConfirmingDelete(true)} sx={{ mr: 'auto' }}>
              {t('reports.form.deleteDraft')}
            </Button>
          ) : null}
          <Button component={Link} to={REPORT_PATHS.list} color="inherit">
            {t('reports.form.cancel')}
          </Button>
          <Button type="submit" variant="outlined" loading={busy && !confirming}>
            {t('reports.form.saveDraft')}
          </Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void handleSubmit((values) => setConfirming(values))()}
          >
            {t('reports.form.submit')}
          </Button>
        </Box>
      </FormCard>
      <ConfirmDialog
        open={confirming !== null}
        title={t('reports.form.confirmTitle')}
        body={t('reports.form.confirmBody')}
        confirmLabel={t('reports.form.confirmSubmit')}
        cancelLabel={t('reports.form.keepEditing')}
        busy={busy}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          const values = confirming;
          setConfirming(null);
          if (values) void send(values, true);
        }}
      />
      {draft ? (
        <ConfirmDialog
          open={confirmingDelete}
          title={t('reports.form.deleteTitle')}
          body={t('reports.form.deleteBody')}
          confirmLabel={t('reports.form.deleteDraft')}
          cancelLabel={t('reports.form.keepEditing')}
          danger
          busy={deleting.isLoading}
          onClose={() => setConfirmingDelete(false)}
          onConfirm={() => void remove(draft.id)}
        />
      ) : null}
    </DatesProvider>
  );
}
