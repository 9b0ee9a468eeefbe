import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

type LogoVariant = 'dark' | 'white';

const COLORS: Record<LogoVariant, { bubble: string; accent: string; glyph: string; text: string }> = {
  // For light backgrounds.
  dark: { bubble: '#1d5fb0', accent: '#0c9c8b', glyph: '#ffffff', text: '#17212f' },
  // For dark backgrounds.
  white: { bubble: '#ffffff', accent: '#7fe0d2', glyph: '#0e131a', text: '#ffffff' },
};

/** The portal's mark: two overlapping speech bubbles, for interpreting. */
export function LogoMark({ variant, size = 40 }: { variant: LogoVariant; size?: number }) {
  const c = COLORS[variant];
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M8 14a8 8 0 0 1 8-8h22a8 8 0 0 1 8 8v14a8 8 0 0 1-8 8H24l-10 9v-9a6 6 0 0 1-6-6Z" fill={c.bubble} />
      <path d="M20 18h18M20 25h12" stroke={c.glyph} strokeWidth={3.5} strokeLinecap="round" />
      <path
        d="M50 20h2a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6v9l-10-9H32a6 6 0 0 1-6-6v-1h14a10 10 0 0 0 10-10Z"
        fill={c.accent}
      />
    </svg>
  );
}

/**
 * Logo with wordmark. Both variants are rendered and CSS shows the one matching the
 * colour scheme, so the right one is there on the first paint (no JS mode check).
 */
export function Logo() {
  const { t } = useTranslation();
  const variant = (v: LogoVariant) => (
    <Box
      component="span"
      sx={(theme) => ({
        display: v === 'dark' ? 'inline-flex' : 'none',
        alignItems: 'center',
        gap: 1.25,
        ...theme.applyStyles('dark', { display: v === 'dark' ? 'none' : 'inline-flex' }),
      })}
    >
      <LogoMark variant={v} />
      <Box
        component="span"
        sx={{
          color: COLORS[v].text,
          fontWeight: 700,
          fontSize: '1.15rem',
          letterSpacing: '-0.01em',
          whiteSpace: 'nowrap',
          display: { xs: 'none', sm: 'inline' },
        }}
      >
        {t('app.name')}
      </Box>
    </Box>
  );
  return (
    <>
      {variant('dark')}
      {variant('white')}
    </>
  );
}
