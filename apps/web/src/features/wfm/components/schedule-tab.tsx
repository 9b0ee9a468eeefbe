import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddRounded from '@mui/icons-material/AddRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import { formResolver, issueSaid } from '../../../components/form/field-error-text';
import { canPlanShifts, ZShiftRequest, ZShiftUpdateRequest, type TShift, type TShiftRequest } from '@portal/contracts';
import { useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { errorText, fieldMessages, saidText, type Said } from '../../../lib/api/api-error';
import { formatCalendarDate } from '../../../lib/format';
import { selectCurrentUser } from '../../auth';
import {
  useCreateShiftMutation,
  useDeleteShiftMutation,
  useShiftsQuery,
  useUpdateShiftMutation,
  useWfmDayQuery,
} from '../api/wfm-api';
import { ShiftImportDialog } from './shift-import-dialog';
import { ShiftTimes } from './wfm-chips';
import { WfmDateRange } from './wfm-date-fields';

type Draft = { id: number; start: string; end: string; note: string };
type DraftErrors = Partial<Record<'start' | 'end' | 'note', Said>>;
const fullName = (r: TShift) => `${r.first_name} ${r.last_name}`.trim() || r.username;

/** The first message per field of a zod failure or a server 400. */
function firstErrors(fields: Record<string, Said[] | undefined>): DraftErrors {
  return Object.fromEntries(
    Object.entries(fields)
      .map(([k, v]) => [k, v?.[0]])
      .filter(([, v]) => v),
  );
}

/** A zod failure's messages by top-level field. */
function issuesByField(issues: readonly { path: PropertyKey[]; message: string; code?: string }[]) {
  const fields: Record<string, Said[]> = {};
  for (const issue of issues) (fields[String(issue.path[0])] ??= []).push(issueSaid(issue));
  return fields;
}

/** One interpreter's shift on one day; the interpreters come from today's board. */
function AddShiftDialog({ open, onClose, day }: { open: boolean; onClose: () => void; day: string }) {
  const { t } = useTranslation();
  const { data: board } = useWfmDayQuery({}, { skip: !open });
  const [createShift, { isLoading }] = useCreateShiftMutation();
  const { control, handleSubmit, setError, reset } = useForm<TShiftRequest>({
    resolver: formResolver(ZShiftRequest),
    defaultValues: { username: '', date: day, start: '08:00', end: '16:00', note: '' },
  });
  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    const result = await createShift(values);
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, ['username', 'date', 'start', 'end', 'note']))
        toast.error(errorText(result.error));
      return;
    }
    toast.success(t('wfm.schedule.added'));
    close();
  });
  return (
    <FormDialog open={open} onClose={close} title={t('wfm.schedule.addTitle')}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <FormTextField control={control} name="username" select label={t('wfm.columns.interpreter')} required>
          {(board?.rows ?? []).map((r) => (
            <MenuItem key={r.username} value={r.username}>
              <Bidi>{`${r.first_name} ${r.last_name}`.trim() || r.username}</Bidi>
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="date"
          type="date"
          label={t('wfm.columns.day')}
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <FormTextField control={control} name="start" label={t('wfm.columns.start')} required placeholder="08:00" />
          <FormTextField control={control} name="end" label={t('wfm.columns.end')} required placeholder="16:00" />
        </Box>
        <FormTextField control={control} name="note" label={t('wfm.columns.note')} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button color="inherit" onClick={close}>
            {t('wfm.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('wfm.schedule.add')}
          </Button>
        </Box>
      </Box>
    </FormDialog>
  );
}

/** Shifts of a range (a week by default): planners edit them in the row, add, delete and import. */
export function ScheduleTab({
  range,
  onRange,
}: {
  range: { from: string; to: string };
  onRange: (range: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  const planner = canPlanShifts(useSelector(selectCurrentUser));
  const { data = [], isFetching, error } = useShiftsQuery(range);
  const [updateShift, updating] = useUpdateShiftMutation();
  const [deleteShift, deleting] = useDeleteShiftMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [draftErrors, setDraftErrors] = useState<DraftErrors>({});
  const [toDelete, setToDelete] = useState<TShift | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);

  const edit = (r: TShift) => {
    setDraft({ id: r.id, start: r.start, end: r.end, note: r.note });
    setDraftErrors({});
  };
  const cancel = () => {
    setDraft(null);
    setDraftErrors({});
  };
  const save = async () => {
    if (!draft) return;
    const { id, ...body } = draft;
    const checked = ZShiftUpdateRequest.safeParse(body);
    if (!checked.success) {
      setDraftErrors(firstErrors(issuesByField(checked.error.issues)));
      return;
    }
    const result = await updateShift({ id, body: checked.data });
    if ('error' in result) {
      const fields = firstErrors(fieldMessages(result.error));
      setDraftErrors(fields);
      if (Object.keys(fields).length === 0) toast.error(errorText(result.error));
      return;
    }
    toast.success(t('wfm.schedule.saved'));
    cancel();
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    }
  };
  const field = (r: TShift, name: 'start' | 'end' | 'note', width: number) =>
    draft?.id === r.id ? (
      <TextField
        size="small"
        value={draft[name]}
        autoFocus={name === 'start'}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        onKeyDown={keys}
        error={!!draftErrors[name]}
        helperText={draftErrors[name] ? saidText(draftErrors[name]) : undefined}
        slotProps={{ htmlInput: { 'aria-label': t(`wfm.columns.${name}`), maxLength: name === 'note' ? 200 : 5 } }}
        sx={{ width: { xs: '100%', md: width } }}
      />
    ) : null;

  const columns: DataTableColumn<TShift>[] = [
    {
      key: 'name',
      label: 'wfm.columns.interpreter',
      placement: 'primary',
      sortValue: fullName,
      cell: (r) => <Bidi>{fullName(r)}</Bidi>,
    },
    {
      key: 'date',
      label: 'wfm.columns.day',
      sortValue: (r) => r.date,
      csv: (r) => r.date,
      cell: (r) => <time dateTime={r.date}>{formatCalendarDate(r.date, 'weekdayDayMonth')}</time>,
    },
    {
      key: 'start',
      label: 'wfm.columns.start',
      sortValue: (r) => r.start,
      cell: (r) => field(r, 'start', 90) ?? <ShiftTimes shift={r} part="start" />,
    },
    {
      key: 'end',
      label: 'wfm.columns.end',
      sortValue: (r) => r.end,
      cell: (r) => field(r, 'end', 90) ?? <ShiftTimes shift={r} part="end" />,
    },
    {
      key: 'note',
      label: 'wfm.columns.note',
      sortValue: (r) => r.note,
      cell: (r) => field(r, 'note', 200) ?? <Bidi>{r.note}</Bidi>,
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <WfmDateRange from={range.from} to={range.to} onChange={onRange} />
        {planner ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, marginInlineStart: { sm: 'auto' } }}>
            <Button variant="outlined" startIcon={<UploadFileRounded />} onClick={() => setImporting(true)}>
              {t('wfm.import.open')}
            </Button>
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setAdding(true)}>
              {t('wfm.schedule.add')}
            </Button>
          </Box>
        ) : null}
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      ) : null}
      <DataTable
        rows={data}
        columns={columns}
        rowKey={(r) => r.id}
        label={t('wfm.schedule.tableLabel')}
        loading={isFetching && data.length === 0}
        emptyText={t('wfm.schedule.empty')}
        defaultSort={{ key: 'date', direction: 'asc' }}
        csvFilename={`shifts-${range.from}-${range.to}.csv`}
        actionsLabel={t('wfm.columns.actions')}
        actions={
          planner
            ? (r) =>
                draft?.id === r.id ? (
                  <>
                    <IconButton
                      onClick={() => void save()}
                      disabled={updating.isLoading}
                      aria-label={t('wfm.schedule.save')}
                    >
                      <CheckRounded />
                    </IconButton>
                    <IconButton onClick={cancel} aria-label={t('wfm.cancel')}>
                      <CloseRounded />
                    </IconButton>
                  </>
                ) : (
                  <>
                    <IconButton
                      onClick={() => edit(r)}
                      aria-label={t('wfm.schedule.edit', {
                        name: fullName(r),
                        date: formatCalendarDate(r.date, 'date'),
                      })}
                    >
                      <EditOutlined />
                    </IconButton>
                    <IconButton
                      onClick={() => setToDelete(r)}
                      aria-label={t('wfm.schedule.delete', {
                        name: fullName(r),
                        date: formatCalendarDate(r.date, 'date'),
                      })}
                    >
                      <DeleteOutlineRounded />
                    </IconButton>
                  </>
                )
            : undefined
        }
      />
      {planner ? (
        <>
          <AddShiftDialog open={adding} onClose={() => setAdding(false)} day={range.from} />
          <ShiftImportDialog open={importing} onClose={() => setImporting(false)} />
          <ConfirmDialog
            open={!!toDelete}
            title={t('wfm.schedule.deleteTitle')}
            body={
              toDelete
                ? t('wfm.schedule.deleteBody', {
                    name: fullName(toDelete),
                    date: formatCalendarDate(toDelete.date, 'date'),
                  })
                : ''
            }
            confirmLabel={t('wfm.schedule.deleteConfirm')}
            cancelLabel={t('wfm.cancel')}
            danger
            busy={deleting.isLoading}
            onClose={() => setToDelete(null)}
            onConfirm={() => {
              if (!toDelete) return;
              void deleteShift(toDelete.id).then((result) => {
                if ('error' in result) toast.error(errorText(result.error));
                else toast.success(t('wfm.schedule.deleted'));
                setToDelete(null);
              });
            }}
          />
        </>
      ) : null}
    </>
  );
}
