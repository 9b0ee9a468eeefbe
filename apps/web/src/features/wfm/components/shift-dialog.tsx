import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { ZShiftRequest, type TShift, type TShiftRequest } from '@portal/contracts';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { DateField } from '../../../components/date-fields';
import { FormDialog } from '../../../components/form-dialog';
import { fieldErrorText, formResolver } from '../../../components/form/field-error-text';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { errorText } from '../../../lib/api/api-error';
import { formatCalendarDate, personName } from '../../../lib/format';
import { useCreateShiftMutation, useDeleteShiftMutation, useUpdateShiftMutation } from '../api/wfm-api';

/** Someone a shift can be planned for (the roster's rows). */
export interface RosterPerson {
  username: string;
  first_name: string;
  last_name: string;
  team: string;
  /** The team's Arabic name (null or absent: none given). */
  team_ar?: string | null;
}

/** What the dialog opens on: a new shift for a person and day, or an existing one to edit, move or delete. */
export type ShiftDialogTarget = { kind: 'add'; username: string; date: string } | { kind: 'edit'; shift: TShift };

const FIELDS = ['username', 'date', 'start', 'end', 'note'] as const;

/** `HH:MM` through MUI X's time picker (24 h), in the page's language. */
function TimeField({
  control,
  name,
  label,
}: {
  control: Control<TShiftRequest>;
  name: 'start' | 'end';
  label: string;
}) {
  const { t } = useTranslation();
  // MUI ships no Arabic for the time picker: its words come from our bundle.
  const localeText = useMemo<Partial<PickersLocaleText>>(
    () => ({
      openTimePickerDialogue: (formatted) =>
        formatted ? t('wfm.shiftDialog.openTimeWith', { time: formatted }) : t('wfm.shiftDialog.openTime'),
      timePickerToolbarTitle: t('wfm.shiftDialog.pickTime'),
      fieldHoursPlaceholder: () => t('wfm.shiftDialog.hoursPlaceholder'),
      fieldMinutesPlaceholder: () => t('wfm.shiftDialog.minutesPlaceholder'),
      hours: t('wfm.shiftDialog.hours'),
      minutes: t('wfm.shiftDialog.minutes'),
      selectViewText: (view) => t(view === 'hours' ? 'wfm.shiftDialog.selectHours' : 'wfm.shiftDialog.selectMinutes'),
      hoursClockNumberText: (hours) => t('wfm.shiftDialog.hoursText', { hours }),
      minutesClockNumberText: (minutes) => t('wfm.shiftDialog.minutesText', { minutes }),
      cancelButtonLabel: t('leaves.picker.cancel'),
      okButtonLabel: t('leaves.picker.ok'),
      clearButtonLabel: t('leaves.picker.clear'),
      fieldClearLabel: t('leaves.picker.clear'),
      empty: t('leaves.picker.empty'),
    }),
    [t],
  );
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = /^\d{2}:\d{2}$/.test(field.value ?? '') ? dayjs(`2000-01-01T${field.value}`) : null;
        const message = fieldErrorText(fieldState.error);
        return (
          <TimePicker
            label={label}
            value={value}
            ampm={false}
            format="HH:mm"
            timeSteps={{ minutes: 15 }}
            localeText={localeText}
            onChange={(next) => field.onChange(next?.isValid() ? next.format('HH:mm') : '')}
            inputRef={field.ref}
            slotProps={{
              textField: { name, required: true, onBlur: field.onBlur, error: !!message, helperText: message },
            }}
          />
        );
      }}
    />
  );
}

/**
 * Adds a shift for a person and day, or edits one: its times and note, and where it is
 * (changing the day or the interpreter moves it: the keyboard's way to do what dragging a
 * chip does), or deletes it. The server's refusals (an overlap) show under their fields.
 */
export function ShiftDialog({
  target,
  people,
  onClose,
}: {
  target: ShiftDialogTarget | null;
  people: readonly RosterPerson[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [createShift, creating] = useCreateShiftMutation();
  const [updateShift, updating] = useUpdateShiftMutation();
  const [deleteShift, deleting] = useDeleteShiftMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editing = target?.kind === 'edit' ? target.shift : null;
  const defaults = useMemo<TShiftRequest>(
    () =>
      target?.kind === 'edit'
        ? {
            username: target.shift.username,
            date: target.shift.date,
            start: target.shift.start,
            end: target.shift.end,
            note: target.shift.note,
          }
        : { username: target?.username ?? '', date: target?.date ?? '', start: '08:00', end: '16:00', note: '' },
    [target],
  );
  const { control, handleSubmit, setError, reset } = useForm<TShiftRequest>({
    resolver: formResolver(ZShiftRequest),
    defaultValues: defaults,
  });
  useEffect(() => {
    reset(defaults);
    setConfirmDelete(false);
  }, [defaults, reset]);

  const submit = handleSubmit(async (values) => {
    const result = editing ? await updateShift({ id: editing.id, body: values }) : await createShift(values);
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, FIELDS)) toast.error(errorText(result.error));
      return;
    }
    const moved = editing && (values.username !== editing.username || values.date !== editing.date);
    toast.success(t(editing ? (moved ? 'wfm.schedule.moved' : 'wfm.schedule.saved') : 'wfm.schedule.added'));
    onClose();
  });
  const remove = async () => {
    if (!editing) return;
    const result = await deleteShift(editing.id);
    if ('error' in result) {
      toast.error(errorText(result.error));
      return;
    }
    toast.success(t('wfm.schedule.deleted'));
    onClose();
  };
  const busy = creating.isLoading || updating.isLoading || deleting.isLoading;
  // The person may have left the roster since: keep them choosable for their own shift.
  const choices = editing && !people.some((p) => p.username === editing.username) ? [...people, editing] : [...people];

  return (
    <FormDialog
      open={!!target}
      onClose={onClose}
      title={editing ? t('wfm.shiftDialog.editTitle') : t('wfm.schedule.addTitle')}
      hint={editing ? t('wfm.shiftDialog.moveHint') : undefined}
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <FormTextField control={control} name="username" select label={t('wfm.columns.interpreter')} required>
          {choices.map((p) => (
            <MenuItem key={p.username} value={p.username}>
              <Bidi>{personName(p)}</Bidi>
            </MenuItem>
          ))}
        </FormTextField>
        <Controller
          control={control}
          name="date"
          render={({ field, fieldState }) => (
            <DateField
              name="date"
              label={t('wfm.columns.day')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldErrorText(fieldState.error)}
              required
            />
          )}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TimeField control={control} name="start" label={t('wfm.columns.start')} />
          <TimeField control={control} name="end" label={t('wfm.columns.end')} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('wfm.shiftDialog.timesHint')}
        </Typography>
        <FormTextField control={control} name="note" label={t('wfm.columns.note')} />
        {confirmDelete && editing ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => void remove()} disabled={busy}>
                {t('wfm.schedule.deleteConfirm')}
              </Button>
            }
          >
            {t('wfm.schedule.deleteBody', {
              name: personName(editing),
              date: formatCalendarDate(editing.date, 'date'),
            })}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
          {editing ? (
            <Button
              color="error"
              onClick={() => setConfirmDelete(true)}
              disabled={busy}
              sx={{ marginInlineEnd: 'auto' }}
            >
              {t('wfm.shiftDialog.delete')}
            </Button>
          ) : null}
          <Button color="inherit" onClick={onClose}>
            {t('wfm.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {editing ? t('wfm.schedule.save') : t('wfm.schedule.add')}
          </Button>
        </Box>
      </Box>
    </FormDialog>
  );
}
