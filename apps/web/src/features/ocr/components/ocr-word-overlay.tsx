import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { OCR_LOW_CONFIDENCE, type TOcrWord } from '@portal/contracts';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { formatNumber } from '../../../lib/format';

const isLow = (word: TOcrWord) => word.confidence < OCR_LOW_CONFIDENCE;

/**
 * The page image with each recognised word boxed over it, in the image's own pixels (the
 * SVG's viewBox), so the boxes scale with the picture. Doubtful words (below
 * OCR_LOW_CONFIDENCE) are dashed and hatched, not only another colour. Hover, or focus
 * the picture and move with the arrow keys, to read a word and its confidence.
 */
export function OcrWordOverlay({
  src,
  alt,
  width,
  height,
  words,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  words: readonly TOcrWord[];
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState<number | null>(null);
  // An id usable inside url(#…): React's ids carry characters a CSS url reference may not.
  const hatch = `ocr-hatch-${useId().replace(/[^\w-]/g, '')}`;
  const infoId = useId();
  const word = active === null ? undefined : words[active];
  // Thin lines however large the scan is.
  const stroke = Math.max(1, Math.round(Math.max(width, height) / 600));

  const onKeyDown = (e: KeyboardEvent) => {
    if (words.length === 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : words.length - 1);
    } else if (step) {
      e.preventDefault();
      setActive((a) => (a === null ? 0 : (a + step + words.length) % words.length));
    } else if (e.key === 'Escape') setActive(null);
  };

  return (
    <Box>
      <Box
        role="group"
        tabIndex={0}
        aria-label={t('ocr.page.imageLabel', { count: words.length, n: formatNumber(words.length) })}
        aria-describedby={infoId}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        sx={{
          position: 'relative',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: '#fff',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box component="img" src={src} alt={alt} sx={{ display: 'block', width: '100%', height: 'auto' }} />
        <svg
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          data-testid="ocr-word-boxes"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
          onMouseLeave={() => setActive(null)}
        >
          <defs>
            <pattern
              id={hatch}
              width={8 * stroke}
              height={8 * stroke}
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <line
                x1="0"
                y1="0"
                x2="0"
                y2={8 * stroke}
                stroke="#c2410c"
                strokeWidth={2 * stroke}
                strokeOpacity="0.45"
              />
            </pattern>
          </defs>
          {words.map((w, i) => {
            const low = isLow(w);
            return (
              <rect
                key={i}
                data-word={w.text}
                data-low={low ? 'true' : 'false'}
                x={w.x0}
                y={w.y0}
                width={Math.max(1, w.x1 - w.x0)}
                height={Math.max(1, w.y1 - w.y0)}
                fill={low ? `url(#${hatch})` : 'rgba(25, 118, 210, 0.10)'}
                stroke={low ? '#c2410c' : '#1565c0'}
                strokeWidth={i === active ? stroke * 3 : stroke}
                strokeDasharray={low ? `${4 * stroke} ${2 * stroke}` : undefined}
                onMouseEnter={() => setActive(i)}
              >
                <title>{`${w.text} · ${formatNumber(Math.round(w.confidence))}%`}</title>
              </rect>
            );
          })}
        </svg>
      </Box>
      <Typography id={infoId} variant="body2" aria-live="polite" sx={{ mt: 1, minHeight: '1.5em' }}>
        {word ? (
          <>
            <Bidi>{word.text}</Bidi>
            {' · '}
            {t(isLow(word) ? 'ocr.page.wordLow' : 'ocr.page.word', { n: formatNumber(Math.round(word.confidence)) })}
          </>
        ) : words.length > 0 ? (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('ocr.page.wordHint')}
          </Box>
        ) : null}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 0.5, color: 'text.secondary' }}>
        <Legend dashed={false} label={t('ocr.page.legendSure')} />
        <Legend dashed label={t('ocr.page.legendLow', { n: formatNumber(OCR_LOW_CONFIDENCE) })} />
      </Box>
    </Box>
  );
}

function Legend({ dashed, label }: { dashed: boolean; label: string }) {
  return (
    <Typography variant="caption" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          width: 18,
          height: 12,
          border: '2px',
          borderStyle: dashed ? 'dashed' : 'solid',
          borderColor: dashed ? '#c2410c' : '#1565c0',
          bgcolor: dashed ? 'rgba(194, 65, 12, 0.2)' : 'rgba(25, 118, 210, 0.10)',
        }}
      />
      {label}
    </Typography>
  );
}
