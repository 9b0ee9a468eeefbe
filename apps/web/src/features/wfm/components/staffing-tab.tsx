import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { canSetStaffing, ZLanguagePair, ZStaffingRequirement } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { issueSaid } from '../../../components/form/field-error-text';
import { errorSaid, errorText, fieldMessages, saidText, type Said } from '../../../lib/api/api-error';
import { formatNumber } from '../../../lib/format';
import { selectCurrentUser } from '../../auth';
import { useDeleteStaffingMutation, useSetStaffingMutation, useStaffingQuery } from '../api/wfm-api';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
const cellSx = { px: 0.25, py: 0.5, textAlign: 'center' } as const;

/**
 * Required online interpreters per language pair and hour. Editors change the numbers of a
 * pair and save that pair; a new pair is a row of zeros until saved. The 24 hours scroll
 * sideways inside their own box, never the page.
 */
export function StaffingTab() {
  const { t } = useTranslation();
  const editor = canSetStaffing(useSelector(selectCurrentUser));
  const { data = [], isLoading, error } = useStaffingQuery();
  const [setStaffing, saving] = useSetStaffingMutation();
  const [deleteStaffing, deleting] = useDeleteStaffingMutation();
  // Unsaved numbers per pair (typed text, so a cleared box stays empty while typing).
  const [drafts, setDrafts] = useState<Record<string, string[]>>({});
  const [added, setAdded] = useState<string[]>([]);
  const [newPair, setNewPair] = useState('');
  const [pairError, setPairError] = useState<Said | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, Said>>({});
  const [toRemove, setToRemove] = useState<string | null>(null);

  const saved = new Map(data.map((r) => [r.language, r.hours]));
  const languages = [...data.map((r) => r.language), ...added.filter((l) => !saved.has(l))];
  const valuesOf = (language: string) => drafts[language] ?? (saved.get(language) ?? HOURS.map(() => 0)).map(String);

  const change = (language: string, hour: number, value: string) => {
    const next = [...valuesOf(language)];
    next[hour] = value;
    setDrafts({ ...drafts, [language]: next });
  };

  const save = async (language: string) => {
    const checked = ZStaffingRequirement.safeParse({
      language,
      hours: valuesOf(language).map((v) => (v.trim() === '' ? Number.NaN : Number(v))),
    });
    if (!checked.success) {
      setRowErrors({ ...rowErrors, [language]: issueSaid(checked.error.issues[0]!) });
      return;
    }
    const result = await setStaffing(checked.data);
    if ('error' in result) {
      const fields = fieldMessages(result.error);
      setRowErrors({ ...rowErrors, [language]: Object.values(fields).flat()[0] ?? errorSaid(result.error) });
      return;
    }
    setRowErrors(Object.fromEntries(Object.entries(rowErrors).filter(([k]) => k !== language)));
    setDrafts(Object.fromEntries(Object.entries(drafts).filter(([k]) => k !== language)));
    setAdded(added.filter((l) => l !== language));
    toast.success(t('wfm.staffing.saved', { language }));
  };

  const addPair = (e: FormEvent) => {
    e.preventDefault();
    const checked = ZLanguagePair.safeParse(newPair);
    if (!checked.success) {
      setPairError(issueSaid(checked.error.issues[0]!));
      return;
    }
    if (languages.includes(checked.data)) {
      setPairError({ text: t('wfm.staffing.duplicate'), said: null });
      return;
    }
    setPairError(null);
    setAdded([...added, checked.data]);
    setNewPair('');
  };

  const remove = async (language: string) => {
    if (saved.has(language)) {
      const result = await deleteStaffing(language);
      if ('error' in result) {
        toast.error(errorText(result.error));
        setToRemove(null);
        return;
      }
    }
    setAdded(added.filter((l) => l !== language));
    setDrafts(Object.fromEntries(Object.entries(drafts).filter(([k]) => k !== language)));
    setToRemove(null);
    toast.success(t('wfm.staffing.removed', { language }));
  };

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('wfm.staffing.hint')}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      ) : null}
      {editor ? (
        <Box
          component="form"
          noValidate
          onSubmit={addPair}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label={t('wfm.staffing.pair')}
            placeholder={t('wfm.staffing.pairExample')}
            value={newPair}
            onChange={(e) => setNewPair(e.target.value)}
            error={!!pairError}
            helperText={pairError ? saidText(pairError) : undefined}
            sx={{ flex: { xs: '1 1 100%', sm: '0 1 260px' } }}
          />
          <Button type="submit" variant="outlined">
            {t('wfm.staffing.add')}
          </Button>
        </Box>
      ) : null}
      {!isLoading && languages.length === 0 ? (
        <Alert severity="info">{t('wfm.staffing.empty')}</Alert>
      ) : (
        <Box
          role="region"
          aria-label={t('wfm.staffing.tableLabel')}
          tabIndex={0}
          sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, maxWidth: '100%' }}
        >
          <Table size="small" aria-label={t('wfm.staffing.tableLabel')} sx={{ minWidth: 'max-content' }}>
            <TableHead>
              <TableRow>
                <TableCell
                  sx={{
                    fontWeight: 600,
                    position: 'sticky',
                    insetInlineStart: 0,
                    bgcolor: 'background.paper',
                    zIndex: 1,
                  }}
                >
                  {t('wfm.staffing.pair')}
                </TableCell>
                {HOURS.map((h) => (
                  <TableCell key={h} sx={{ ...cellSx, fontWeight: 600, fontSize: 12 }} dir="ltr">
                    {String(h).padStart(2, '0')}
                  </TableCell>
                ))}
                {editor ? <TableCell sx={{ fontWeight: 600 }}>{t('wfm.columns.actions')}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {languages.map((language) => (
                <TableRow key={language}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{
                      position: 'sticky',
                      insetInlineStart: 0,
                      bgcolor: 'background.paper',
                      zIndex: 1,
                      whiteSpace: 'nowrap',
                    }}
                  >
                    <Bidi>{language}</Bidi>
                    {rowErrors[language] ? (
                      <Typography variant="caption" color="error" component="p" role="alert">
                        {saidText(rowErrors[language])}
                      </Typography>
                    ) : null}
                  </TableCell>
                  {HOURS.map((h) => (
                    <TableCell key={h} sx={cellSx}>
                      {editor ? (
                        <input
                          type="number"
                          min={0}
                          max={500}
                          inputMode="numeric"
                          value={valuesOf(language)[h] ?? ''}
                          onChange={(e) => change(language, h, e.target.value)}
                          aria-label={t('wfm.staffing.cell', { language, hour: hourLabel(h) })}
                          style={{
                            width: 44,
                            font: 'inherit',
                            color: 'inherit',
                            background: 'transparent',
                            textAlign: 'center',
                            padding: '4px 2px',
                            border: '1px solid',
                            borderRadius: 4,
                            borderColor: 'rgba(128,128,128,0.6)',
                          }}
                        />
                      ) : (
                        formatNumber(saved.get(language)?.[h] ?? 0)
                      )}
                    </TableCell>
                  ))}
                  {editor ? (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton
                        onClick={() => void save(language)}
                        disabled={saving.isLoading}
                        aria-label={t('wfm.staffing.save', { language })}
                      >
                        <SaveOutlined />
                      </IconButton>
                      <IconButton
                        onClick={() => setToRemove(language)}
                        aria-label={t('wfm.staffing.remove', { language })}
                      >
                        <DeleteOutlineRounded />
                      </IconButton>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <ConfirmDialog
        open={!!toRemove}
        title={t('wfm.staffing.removeTitle')}
        body={t('wfm.staffing.removeBody', { language: toRemove ?? '' })}
        confirmLabel={t('wfm.staffing.removeConfirm')}
        cancelLabel={t('wfm.cancel')}
        danger
        busy={deleting.isLoading}
        onClose={() => setToRemove(null)}
        onConfirm={() => toRemove && void remove(toRemove)}
      />
    </>
  );
}
