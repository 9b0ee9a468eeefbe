import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  OCR_CONTENT_TYPES,
  OCR_LANGUAGES,
  OCR_LIMITS,
  parseMessage,
  ZOcrLanguage,
  ZStaffDepartment,
  type TOcrJobsCreated,
  type TOcrLanguage,
} from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { FormCard } from '../../../components/form/form-card';
import { useFileList } from '../../../components/form/use-file-list';
import { errorText, fieldMessages, saidText, type Said } from '../../../lib/api/api-error';
import { formatNumber } from '../../../lib/format';
import { readStorage, writeStorage } from '../../../lib/storage';
import { selectCurrentUser } from '../../auth';
import { useCreateOcrJobsMutation } from '../api/ocr-api';

/** The language last chosen, kept for the next upload (this feature's own key). */
const LANGUAGE_KEY = 'portal.ocr-language';

/** What the file dialog offers; the server decides by the bytes (a renamed .exe is refused there too). */
const ACCEPT = [...OCR_CONTENT_TYPES, '.png', '.jpg', '.jpeg', '.tif', '.tiff', '.webp', '.pdf'].join(',');
const ACCEPTED_TYPES = new Set<string>(OCR_CONTENT_TYPES);
/** Browsers leave `type` empty for some files (TIFF on some systems): then the name decides. */
const ACCEPTED_NAME = /\.(png|jpe?g|tiff?|webp|pdf)$/i;
const MAX_MIB = OCR_LIMITS.maxBytes / (1024 * 1024);

const acceptable = (file: File) => (file.type ? ACCEPTED_TYPES.has(file.type) : ACCEPTED_NAME.test(file.name));

function storedLanguage(): TOcrLanguage {
  return ZOcrLanguage.safeParse(readStorage(LANGUAGE_KEY)).data ?? 'eng';
}

/** Each refused file of an upload and why (by the position it was sent in). */
function refusalsOf(sent: readonly File[], outcomes: TOcrJobsCreated['files']): Map<File, Said> {
  const refused = new Map<File, Said>();
  for (const o of outcomes) {
    const file = sent[o.index];
    if (file && o.refused) refused.set(file, { text: o.refused.message, said: parseMessage(o.refused) });
  }
  return refused;
}

/**
 * The upload: files by the button or dropped on the card (several at once, each its own
 * job), checked here for what the browser can know (type, 20 MiB, count) so nobody sends
 * a large file to be told no; the language (remembered); optional sharing with my department.
 * The server judges each file alone: the accepted ones leave the selection, the refused
 * ones stay, marked with their reason, until removed (or sent again).
 */
export function OcrUploadForm() {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const department = ZStaffDepartment.safeParse(me?.user_type).data;
  const list = useFileList({
    acceptable,
    maxBytes: OCR_LIMITS.maxBytes,
    maxFiles: OCR_LIMITS.maxFiles,
    messages: {
      badType: (name) => t('ocr.upload.badType', { name }),
      tooLarge: (name) => t('ocr.upload.tooLarge', { name, n: formatNumber(MAX_MIB) }),
      tooMany: () => t('ocr.upload.tooMany', { count: OCR_LIMITS.maxFiles, n: formatNumber(OCR_LIMITS.maxFiles) }),
    },
  });
  const { files, problems, setProblems, dragging, dropHandlers } = list;
  const [language, setLanguage] = useState<TOcrLanguage>(storedLanguage);
  const [share, setShare] = useState(false);
  const [create, { isLoading, error, reset }] = useCreateOcrJobsMutation();
  /** Files of the selection the server refused, with its reason. */
  const [refused, setRefused] = useState<ReadonlyMap<File, Said>>(new Map());
  const hintId = useId();
  const messagesId = useId();
  const selectionId = useId();

  const add = (picked: Iterable<File>) => {
    reset();
    list.add(picked);
  };

  const serverFileErrors = (fieldMessages(error).files ?? []).map(saidText);
  const refusedCount = files.filter((f) => refused.has(f)).length;
  const messages = [
    ...problems,
    ...serverFileErrors,
    ...(refusedCount ? [t('ocr.upload.refused', { count: refusedCount, n: formatNumber(refusedCount) })] : []),
  ];

  /** The outcome of an upload for the files sent: `now` refused, the rest gone from the selection. */
  const settle = (sent: readonly File[], now: Map<File, Said>) => {
    setRefused((before) => new Map([...[...before].filter(([f]) => !sent.includes(f)), ...now]));
    list.retain((f) => !sent.includes(f) || now.has(f));
    setProblems([]);
  };

  const submit = async () => {
    if (files.length === 0) {
      setProblems([t('ocr.upload.noFiles')]);
      return;
    }
    writeStorage(LANGUAGE_KEY, language);
    const sent = [...files];
    const result = await create({ files: sent, language, shared_with: share && department ? department : null });
    if ('data' in result && result.data) {
      toast.success(t('ocr.upload.queued', { count: result.data.results.length }));
      settle(sent, refusalsOf(sent, result.data.files));
      return;
    }
    // Every file refused: one reason per file, in order, marks each file; other field
    // errors stay under the picker; anything else is a toast in plain words.
    const said = fieldMessages(result.error).files;
    if (said && said.length === sent.length) {
      settle(sent, new Map(sent.map((f, i) => [f, said[i]!])));
      reset();
    } else if (!said) toast.error(errorText(result.error));
  };

  return (
    <FormCard
      label={t('ocr.upload.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      {...dropHandlers}
    >
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.15rem' }}>
        {t('ocr.upload.title')}
      </Typography>
      <Box
        sx={{
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
        }}
      >
        <Button component="label" variant="outlined" startIcon={<CloudUploadOutlined />} disabled={isLoading}>
          {t('ocr.upload.choose')}
          <input
            type="file"
            name="files"
            multiple
            hidden
            accept={ACCEPT}
            aria-describedby={`${hintId} ${messagesId}`}
            onChange={(e) => {
              add(Array.from(e.target.files ?? []));
              e.target.value = ''; // the same file may be picked again after removal
            }}
          />
        </Button>
        <Typography color="text.secondary" variant="body2">
          {t('ocr.upload.orDrop')}
        </Typography>
        {files.length > 0 ? (
          <Box
            component="ul"
            aria-label={t('ocr.upload.selected')}
            sx={{ listStyle: 'none', m: 0, p: 0, flexBasis: '100%', display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {files.map((file, index) => {
              const reason = refused.get(file);
              const reasonId = `${selectionId}-${index}`;
              return (
                <Box component="li" key={`${file.name}-${index}`} sx={{ minWidth: 0, maxWidth: '100%' }}>
                  <Chip
                    label={<Bidi>{file.name}</Bidi>}
                    icon={reason ? <ErrorOutlineOutlined /> : undefined}
                    color={reason ? 'error' : 'default'}
                    variant={reason ? 'outlined' : 'filled'}
                    onDelete={isLoading ? undefined : () => list.remove(index)}
                    title={t('ocr.upload.remove', { name: file.name })}
                    aria-describedby={reason ? reasonId : undefined}
                    sx={{ maxWidth: 280 }}
                  />
                  {reason ? (
                    <FormHelperText id={reasonId} error sx={{ maxWidth: 360, mx: 1 }}>
                      {saidText(reason)}
                    </FormHelperText>
                  ) : null}
                </Box>
              );
            })}
          </Box>
        ) : null}
      </Box>
      <Box sx={{ mt: '4px !important' }}>
        <FormHelperText id={hintId}>
          {t('ocr.upload.hint', { n: formatNumber(MAX_MIB), files: formatNumber(OCR_LIMITS.maxFiles) })}
        </FormHelperText>
        <Box id={messagesId}>
          {messages.map((m) => (
            <FormHelperText key={m} error role="alert">
              {m}
            </FormHelperText>
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <TextField
          select
          size="small"
          label={t('ocr.fields.language')}
          value={language}
          onChange={(e) => setLanguage(ZOcrLanguage.parse(e.target.value))}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          {OCR_LANGUAGES.map((l) => (
            <MenuItem key={l} value={l}>
              {t(`ocr.languages.${l}`)}
            </MenuItem>
          ))}
        </TextField>
        {department ? (
          <FormControlLabel
            control={<Checkbox checked={share} onChange={(e) => setShare(e.target.checked)} />}
            label={t('ocr.upload.share')}
          />
        ) : null}
        <Button type="submit" variant="contained" disabled={isLoading} sx={{ ml: { sm: 'auto' } }}>
          {t('ocr.upload.submit')}
        </Button>
      </Box>
    </FormCard>
  );
}
