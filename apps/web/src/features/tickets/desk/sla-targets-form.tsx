import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldErrorText, formResolver } from '../../../components/form/field-error-text';
import {
  TICKET_PRIORITIES,
  ZSlaTargetsRequest,
  type TSlaKind,
  type TSlaTargets,
  type TSlaTargetsRequest,
  type TTicketDepartment,
} from '@portal/contracts';
import { useId, useState } from 'react';
import { useController, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { visuallyHidden } from '../../../components/visually-hidden';
import { errorText } from '../../../lib/api/api-error';
import { useSetSlaTargetsMutation, useSlaTargetsQuery } from '../api/help-desk-api';
import { useFailureToast } from '../../../lib/api/use-failure-toast';

/** Urgent first, as the desk reads them. */
const PRIORITIES = [...TICKET_PRIORITIES].reverse();
const KINDS = ['first_response', 'resolution'] as const satisfies readonly TSlaKind[];
const minutesField = (i: number, kind: TSlaKind) => `targets.${i}.${kind}_minutes` as const;
const FIELDS: FieldPath<TSlaTargetsRequest>[] = [
  'department',
  'targets',
  ...PRIORITIES.flatMap((_p, i) => KINDS.map((k) => minutesField(i, k))),
];

/** The form's values: the contract's request, one row per priority (missing rows: no target). */
function toRequest(targets: TSlaTargets): TSlaTargetsRequest {
  return {
    department: targets.department,
    targets: PRIORITIES.map((priority) => {
      const row = targets.targets.find((r) => r.priority === priority);
      return {
        priority,
        first_response_minutes: row?.first_response_minutes ?? null,
        resolution_minutes: row?.resolution_minutes ?? null,
      };
    }),
  };
}

const split = (minutes: number | null) =>
  minutes === null ? { h: '', m: '' } : { h: String(Math.floor(minutes / 60)), m: String(minutes % 60) };

/** Blank: no target. Whole non-negative numbers only; anything else is NaN, which the contract refuses in words. */
function join(h: string, m: string): number | null {
  if (h.trim() === '' && m.trim() === '') return null;
  const whole = (s: string) => (s.trim() === '' ? 0 : /^\d+$/.test(s.trim()) ? Number(s) : Number.NaN);
  return whole(h) * 60 + whole(m);
}

/** One target as hours and minutes (a group named by priority and kind), its error under it. */
function DurationField({
  control,
  name,
  priorityLabel,
  kindLabel,
  readOnly,
}: {
  control: Control<TSlaTargetsRequest>;
  name: ReturnType<typeof minutesField>;
  priorityLabel: string;
  kindLabel: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  // What was typed, kept as typed ("1", "") while the value is its minutes.
  const [parts, setParts] = useState(() => split(field.value as number | null));
  const errorId = useId();
  const change = (next: { h: string; m: string }) => {
    setParts(next);
    field.onChange(join(next.h, next.m));
  };
  const message = fieldErrorText(fieldState.error);
  const input = (part: 'h' | 'm', label: string) => (
    <TextField
      size="small"
      label={label}
      value={parts[part]}
      onChange={(e) => change({ ...parts, [part]: e.target.value })}
      onBlur={field.onBlur}
      inputRef={part === 'h' ? field.ref : undefined}
      error={!!message}
      sx={{ width: 88 }}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          readOnly,
          'aria-describedby': message ? errorId : undefined,
          'aria-invalid': message ? true : undefined,
        },
      }}
    />
  );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="caption" color="text.secondary" sx={{ mb: 0.75 }}>
        <Box component="span" sx={visuallyHidden}>
          {priorityLabel}:
        </Box>{' '}
        {kindLabel}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {input('h', t('desk.settings.sla.hours'))}
        {input('m', t('desk.settings.sla.minutes'))}
      </Box>
      {message ? (
        <FormHelperText id={errorId} error sx={{ maxWidth: 240 }}>
          {message}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

function SlaTargetsEditor({ targets }: { targets: TSlaTargets }) {
  const { t } = useTranslation();
  const [save, { isLoading }] = useSetSlaTargetsMutation();
  const readOnly = !targets.can_edit;
  const { control, handleSubmit, setError, reset, formState } = useForm<TSlaTargetsRequest>({
    resolver: formResolver(ZSlaTargetsRequest),
    defaultValues: toRequest(targets),
  });

  const submit = handleSubmit(async (values) => {
    const result = await save(values);
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, FIELDS)) toast.error(errorText(result.error));
      return;
    }
    reset(toRequest(result.data));
    toast.success(t('desk.settings.sla.saved'));
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      {readOnly ? <Alert severity="info">{t('desk.settings.sla.readOnly')}</Alert> : null}
      <Typography variant="body2" color="text.secondary">
        {t('desk.settings.sla.hint')}
      </Typography>
      {PRIORITIES.map((priority, i) => {
        const priorityLabel = t(`tickets.priorities.${priority}`);
        return (
          <Box
            key={priority}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 3, rowGap: 1.5 }}
          >
            <Typography component="h3" sx={{ fontWeight: 600, width: 90, pt: 3 }}>
              {priorityLabel}
            </Typography>
            {KINDS.map((kind) => (
              <DurationField
                key={kind}
                control={control}
                name={minutesField(i, kind)}
                priorityLabel={priorityLabel}
                kindLabel={t(`tickets.thread.sla.${kind}`)}
                readOnly={readOnly}
              />
            ))}
          </Box>
        );
      })}
      {readOnly ? null : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={isLoading} disabled={!formState.isDirty}>
            {t('desk.settings.sla.save')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** A desk's SLA targets: its managers change them, every desk member reads them. */
export function SlaTargetsForm({ department }: { department: TTicketDepartment }) {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useSlaTargetsQuery(department);
  useFailureToast(error, 'desk-sla-failed');
  if (isLoading) return <Skeleton variant="rounded" height={240} aria-label={t('loader.loading')} />;
  if (!data) {
    return (
      <Button variant="outlined" onClick={() => void refetch()}>
        {t('errors.retry')}
      </Button>
    );
  }
  // Saved (or changed elsewhere) targets come back from the server: the form starts again from them.
  return <SlaTargetsEditor key={`${data.department}:${JSON.stringify(data.targets)}`} targets={data} />;
}
