import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A centred message page (not found, failed chunk, unexpected error) with actions. */
export function StatusPage({
  code,
  title,
  body,
  actions,
}: {
  code?: string;
  title: string;
  body: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Box
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 2,
        py: 6,
        gap: 2,
      }}
    >
      {code ? (
        <Typography
          aria-hidden="true"
          sx={{
            fontSize: { xs: '4rem', sm: '5.5rem' },
            fontWeight: 800,
            lineHeight: 1,
            color: 'primary.main',
            opacity: 0.85,
          }}
        >
          {code}
        </Typography>
      ) : null}
      <Typography variant="h1" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {body}
      </Typography>
      {actions ? (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center', mt: 1 }}>{actions}</Box>
      ) : null}
    </Box>
  );
}
