import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { fieldErrorText, formResolver } from '../../../components/form/field-error-text';
import {
  MAX_PAST_START_DAYS,
  ZCreateLeaveRequest,
  type TCreateLeaveRequest,
  type TLeaveQuote,
} from '@portal/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { DateRangeFields, DatesProvider } from '../../../components/date-fields';
import { FormCard } from '../../../components/form/form-card';
import { FormTextField } from '../../../components/form/form-text-field';
import { errorSaid, fieldMessages, saidText, type Said } from '../../../lib/api/api-error';
import { useDebounced } from '../../../lib/use-debounced';
import { AttachmentPicker, useAttachments } from '../../../components/attachments';
import { reportFormError } from '../../../components/form/report-form-error';
import { useCreateLeaveMutation, useLeaveQuoteMutation, useLeaveTypesQuery } from '../api/leaves-api';
import { leavePath, leaveTypeName, localToday } from '../leave-format';
import { LeaveQuotePanel } from './leave-quote-panel';
import { LEAVE_PATHS } from './leaves-nav';

const FIELDS = ['leave_type', 'start_date', 'end_date', 'half_day', 'reason'] as const;
type Form = {
  leave_type: number | '';
  // Undefined until picked, so the contract says "Choose the first day." rather than the format.
  start_date?: string;
  end_date?: string;
  half_day: '' | 'first' | 'second';
  reason: string;
};

/** The earliest first day a requester may choose for themselves (the server says the same). */
function earliestStart(): string {
  const d = new Date();
  d.setDate(d.getDate() - MAX_PAST_START_DAYS);
  return localToday(d);
}

/**
 * The working days and balance-after of the request as it stands, asked of the server a
 * moment after the fields stop changing (it alone knows holidays and balances). Only
 * complete, valid requests are asked about; a late answer for old fields is dropped.
 */
function useLiveQuote(fields: Form) {
  const [quoteLeave] = useLeaveQuoteMutation();
  const [state, setState] = useState<{ quote: TLeaveQuote | null; problem: Said | null; loading: boolean }>({
    quote: null,
    problem: null,
    loading: false,
  });
  const asked = useRef(0);
  const key = JSON.stringify({
    leave_type: fields.leave_type,
    start_date: fields.start_date,
    end_date: fields.end_date,
    half_day: fields.half_day,
  });
  const debounced = useDebounced(key, 400);
  useEffect(() => {
    const parsed = ZCreateLeaveRequest.safeParse(JSON.parse(debounced));
    const ask = ++asked.current;
    if (!parsed.success) {
      setState({ quote: null, problem: null, loading: false });
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    void quoteLeave(JSON.parse(debounced) as TCreateLeaveRequest).then((result) => {
      if (ask !== asked.current) return;
      if ('error' in result) {
        // A refusal the submit would meet (overlap, balance…); a missing document is said by the picker.
        const all = fieldMessages(result.error);
        const fields = Object.entries(all).filter(([field]) => field !== 'attachments');
        const problem = fields[0]?.[1][0] ?? (Object.keys(all).length ? null : errorSaid(result.error));
        setState({ quote: null, problem, loading: false });
      } else setState({ quote: result.data, problem: null, loading: false });
    });
  }, [debounced, quoteLeave]);
  return state;
}

/** `user/leaves/create-leave`: type, dates, half day, reason and documents, with the live quote beside them. */
export function LeaveForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const halfDayLabel = useId();
  const { data: allTypes = [] } = useLeaveTypesQuery();
  const types = useMemo(() => allTypes.filter((type) => type.is_active), [allTypes]);
  const [createLeave, { isLoading }] = useCreateLeaveMutation();
  const attachments = useAttachments();
  const [filesError, setFilesError] = useState<Said | undefined>();
  // The form holds what the inputs hold ('' for no type yet); the contract turns it into the request.
  const { control, handleSubmit, setError, setValue, formState } = useForm<Form>({
    resolver: formResolver(ZCreateLeaveRequest) as unknown as Resolver<Form>,
    defaultValues: { leave_type: '', half_day: '', reason: '' },
  });
  const fields = useWatch({ control }) as Form;
  const type = types.find((candidate) => candidate.id === fields.leave_type);
  const oneDay = !!fields.start_date && fields.start_date === fields.end_date;
  const halfDayOffered = oneDay && !!type?.half_days_allowed;
  const quote = useLiveQuote(fields);

  // The usual choice first: the first active type (annual leave in the seeded set).
  useEffect(() => {
    if (fields.leave_type === '' && types[0]) setValue('leave_type', types[0].id);
  }, [fields.leave_type, types, setValue]);
  // A half day only exists for one day of a type that allows it.
  useEffect(() => {
    if (!halfDayOffered && fields.half_day) setValue('half_day', '');
  }, [halfDayOffered, fields.half_day, setValue]);

  const submit = handleSubmit(async (values) => {
    setFilesError(undefined);
    const body = values as unknown as z.output<typeof ZCreateLeaveRequest>;
    const result = await createLeave({ fields: body, files: attachments.files });
    if ('error' in result) {
      setFilesError(reportFormError(result.error, setError, FIELDS));
      return;
    }
    toast.success(t('leaves.create.sent'));
    void navigate(leavePath(result.data.id));
  });

  // What the quote says Send would meet (an overlap, an overdrawn balance, a refusal of
  // the fields): said in the panel, and Send waits until the request changes.
  const blocked = !!quote.problem || (quote.quote?.refusals ?? []).length > 0;
  const blockedHint = useId();

  const needsDocument =
    type?.attachment_required_after_days != null &&
    quote.quote &&
    quote.quote.days > type.attachment_required_after_days;

  return (
    <DatesProvider>
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <FormCard label={t('pages.createLeave')} onSubmit={submit} {...attachments.formProps}>
          <FormTextField control={control} name="leave_type" label={t('leaves.fields.type')} select required>
            {types.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {leaveTypeName(t, option)}
              </MenuItem>
            ))}
          </FormTextField>
          <DateRangeFields
            label={t('leaves.create.dates')}
            from={{
              name: 'start_date',
              label: t('leaves.fields.start'),
              value: fields.start_date ?? '',
              error: fieldErrorText(formState.errors.start_date),
            }}
            to={{
              name: 'end_date',
              label: t('leaves.fields.end'),
              value: fields.end_date ?? '',
              error: fieldErrorText(formState.errors.end_date),
            }}
            onChange={({ from, to }) => {
              const validate = { shouldValidate: formState.isSubmitted };
              setValue('start_date', from || undefined, validate);
              setValue('end_date', to || undefined, validate);
            }}
            minDate={earliestStart()}
            disabled={isLoading}
            required
          />
          {halfDayOffered || formState.errors.half_day ? (
            <Controller
              control={control}
              name="half_day"
              render={({ field, fieldState }) => (
                <FormControl error={!!fieldState.error}>
                  <FormLabel id={halfDayLabel}>{t('leaves.fields.halfDay')}</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby={halfDayLabel}
                    name={field.name}
                    value={field.value}
                    onChange={(_e, value) => field.onChange(value)}
                  >
                    <FormControlLabel value="" control={<Radio />} label={t('leaves.halfDay.none')} />
                    <FormControlLabel value="first" control={<Radio />} label={t('leaves.halfDay.first')} />
                    <FormControlLabel value="second" control={<Radio />} label={t('leaves.halfDay.second')} />
                  </RadioGroup>
                  {fieldState.error ? <FormHelperText>{fieldErrorText(fieldState.error)}</FormHelperText> : null}
                </FormControl>
              )}
            />
          ) : null}
          <FormTextField
            control={control}
            name="reason"
            label={t('leaves.fields.reason')}
            helperText={t('leaves.create.reasonHelp')}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
          <Box>
            <AttachmentPicker attachments={attachments} error={filesError} disabled={isLoading} />
            {needsDocument ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('leaves.create.documentNeeded', { count: type.attachment_required_after_days ?? 0 })}
              </Alert>
            ) : null}
          </Box>
          {blocked ? (
            <Typography id={blockedHint} variant="body2" color="error" data-testid="leave-send-blocked">
              {t('leaves.create.fixFirst')}
            </Typography>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button component={Link} to={LEAVE_PATHS.submitted} color="inherit">
              {t('leaves.create.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              loading={isLoading}
              disabled={blocked}
              aria-describedby={blocked ? blockedHint : undefined}
            >
              {t('leaves.create.submit')}
            </Button>
          </Box>
        </FormCard>
        <LeaveQuotePanel
          quote={quote.quote}
          loading={quote.loading}
          problem={quote.problem && saidText(quote.problem)}
        />
      </Box>
    </DatesProvider>
  );
}
