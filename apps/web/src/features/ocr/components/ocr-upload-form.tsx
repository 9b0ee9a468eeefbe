import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
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
  ZOcrLanguage,
  ZStaffDepartment,
  type TOcrLanguage,
} from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { FormCard } from '../../../components/form/form-card';
import { useFileList } from '../../../components/form/use-file-list';
import { errorText, fieldErrors, fieldErrorTexts } from '../../../lib/api/api-error';
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

/**
 * The upload: files by the button or dropped on the card (several at once, each its own
 * job), checked here for what the browser can know (type, 20 MiB, count) so nobody sends
 * a large file to be told no; the language (remembered); optional sharing with my department.
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
  const hintId = useId();
  const messagesId = useId();

  const add = (picked: Iterable<File>) => {
    reset();
    list.add(picked);
  };

  const serverFileErrors = fieldErrorTexts(error).files ?? [];
  const messages = [...problems, ...serverFileErrors];

  const submit = async () => {
    if (files.length === 0) {
      setProblems([t('ocr.upload.noFiles')]);
      return;
    }
    writeStorage(LANGUAGE_KEY, language);
    const result = await create({ files, language, shared_with: share && department ? department : null });
    if ('data' in result && result.data) {
      toast.success(t('ocr.upload.queued', { count: result.data.results.length }));
      list.clear();
      return;
    }
    // Field errors stay under the picker; anything else is a toast in plain words.
    if (!fieldErrors(result.error).files) toast.error(errorText(result.error));
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
        {files.map((file, index) => (
          <Chip
            key={`${file.name}-${index}`}
            label={<Bidi>{file.name}</Bidi>}
            onDelete={isLoading ? undefined : () => list.remove(index)}
            title={t('ocr.upload.remove', { name: file.name })}
            sx={{ maxWidth: 280 }}
          />
        ))}
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
