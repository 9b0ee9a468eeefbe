import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import type { TTicketAttachment } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { formatBytes } from './format-bytes';

/** Any stored file the API lists (tickets, leave requests, reports): the type is only read. */
type ShownAttachment = Omit<TTicketAttachment, 'content_type'> & { content_type: string };

/** The session's token, read structurally so components/ knows no feature (as lib/api/base-query.ts). */
const selectSessionToken = (state: { auth: { token: string } }) => state.auth.token;

/**
 * Attachments need the Bearer token (never a token in a URL), so they are fetched as
 * blobs and shown through object URLs.
 */
async function fetchAttachment(url: string, token: string): Promise<Blob> {
  const response = await fetch(new URL(url, window.location.origin), { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

function ImagePreview({ attachment, token }: { attachment: ShownAttachment; token: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    fetchAttachment(attachment.url, token).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (live) setSrc(objectUrl);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [attachment.url, token]);

  if (failed) return <FileChip attachment={attachment} token={token} />;
  if (!src) return <Skeleton variant="rounded" width={160} height={110} />;
  return (
    <ButtonBase
      component="a"
      href={src}
      target="_blank"
      rel="noopener"
      aria-label={t('attachments.preview', { name: attachment.filename })}
      sx={{ borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}
    >
      <Box
        component="img"
        src={src}
        alt={attachment.filename}
        sx={{ display: 'block', maxWidth: 220, maxHeight: 160, objectFit: 'cover' }}
      />
    </ButtonBase>
  );
}

function FileChip({ attachment, token }: { attachment: ShownAttachment; token: string }) {
  const { t } = useTranslation();
  const download = async () => {
    try {
      const blob = await fetchAttachment(attachment.url, token);
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = attachment.filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch {
      toast.error(t('attachments.loadFailed', { name: attachment.filename }));
    }
  };
  const Icon = attachment.content_type === 'application/pdf' ? PictureAsPdfOutlined : DescriptionOutlined;
  return (
    <Chip
      icon={<Icon />}
      variant="outlined"
      clickable
      onClick={() => void download()}
      label={`${attachment.filename} · ${formatBytes(attachment.size)}`}
      aria-label={t('attachments.download', { name: attachment.filename })}
      sx={{ maxWidth: 320 }}
    />
  );
}

/** A message's attachments: images previewed, other files downloadable (a leave request's too). */
export function AttachmentList({ attachments }: { attachments: readonly ShownAttachment[] }) {
  const token = useSelector(selectSessionToken);
  if (attachments.length === 0 || !token) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5, alignItems: 'flex-start' }}>
      {attachments.map((a) =>
        a.content_type.startsWith('image/') ? (
          <ImagePreview key={a.id} attachment={a} token={token} />
        ) : (
          <FileChip key={a.id} attachment={a} token={token} />
        ),
      )}
    </Box>
  );
}
