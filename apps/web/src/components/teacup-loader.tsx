import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

const rise = keyframes`
  0% { transform: translateY(6px) scaleX(1); opacity: 0; }
  25% { opacity: 0.9; }
  100% { transform: translateY(-18px) scaleX(0.7); opacity: 0; }
`;

const sway = keyframes`
  0%, 100% { transform: rotate(-2deg); }
  50% { transform: rotate(2deg); }
`;

const steamPaths = ['M40 34c-5-6 5-10 0-17', 'M52 34c-5-6 5-10 0-17', 'M64 34c-5-6 5-10 0-17'];

/**
 * The full-page loading indicator of spec §1: a teacup with rising steam, drawn in SVG
 * and animated with CSS. With reduced motion the steam stands still.
 */
export function TeacupLoader({ overlay = false }: { overlay?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: overlay ? 'fixed' : 'relative',
        inset: overlay ? 0 : undefined,
        zIndex: overlay ? (theme) => theme.zIndex.modal + 1 : undefined,
        minHeight: overlay ? undefined : 'calc(100dvh - 80px)',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        bgcolor: overlay ? 'background.default' : 'transparent',
        color: 'primary.main',
      }}
    >
      <Box
        component="svg"
        viewBox="0 0 104 96"
        width={112}
        height={104}
        aria-hidden="true"
        sx={{
          overflow: 'visible',
          '& .steam': {
            fill: 'none',
            stroke: 'currentColor',
            strokeWidth: 4,
            strokeLinecap: 'round',
            opacity: 0,
            transformBox: 'fill-box',
            transformOrigin: 'center bottom',
            animation: `${rise} 2.1s ease-in-out infinite`,
          },
          '& .steam:nth-of-type(2)': { animationDelay: '0.7s' },
          '& .steam:nth-of-type(3)': { animationDelay: '1.4s' },
          '& .cup': { transformOrigin: '52px 80px', animation: `${sway} 3s ease-in-out infinite` },
          '@media (prefers-reduced-motion: reduce)': {
            '& .steam': { animation: 'none', opacity: 0.55 },
            '& .cup': { animation: 'none' },
          },
        }}
      >
        <g>
          {steamPaths.map((d) => (
            <path key={d} className="steam" d={d} />
          ))}
        </g>
        <g className="cup">
          {/* cup body */}
          <path d="M22 40h60v14c0 16.6-13.4 30-30 30S22 70.6 22 54V40Z" fill="currentColor" />
          {/* tea surface */}
          <ellipse cx="52" cy="40" rx="30" ry="5" fill="currentColor" opacity={0.55} />
          {/* handle */}
          <path
            d="M82 46h4a10 10 0 0 1 0 20h-6"
            fill="none"
            stroke="currentColor"
            strokeWidth={5}
            strokeLinecap="round"
          />
          {/* saucer */}
          <path d="M10 88h84" stroke="currentColor" strokeWidth={5} strokeLinecap="round" />
          {/* highlight */}
          <path
            d="M32 52c0 8 4 14 10 18"
            fill="none"
            stroke="#fff"
            strokeOpacity={0.45}
            strokeWidth={3}
            strokeLinecap="round"
          />
        </g>
      </Box>
      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.95rem' }}>
        {t('loader.loading')}
      </Box>
    </Box>
  );
}
