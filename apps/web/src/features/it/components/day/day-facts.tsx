import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A grid of labelled figures (a description list), as many per line as fit. */
export function Facts({ children, min = 140 }: { children: ReactNode; min?: number }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${min}px), 1fr))` }}
    >
      {children}
    </Box>
  );
}

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Typography>
    </Box>
  );
}
