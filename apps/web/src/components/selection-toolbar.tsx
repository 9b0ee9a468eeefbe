import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The toolbar of what is selected in a list (the desk's tickets, the approvals inbox):
 * how many are chosen (announced as it changes), then the actions on all of them. It stays
 * in reach while a long list scrolls, under the app's fixed header.
 */
export function SelectionToolbar({
  label,
  selected,
  children,
}: {
  /** The toolbar's name for screen readers ("With the selected requests"). */
  label: string;
  /** How many are selected, in words ("3 selected"). */
  selected: string;
  children: ReactNode;
}) {
  return (
    <Paper
      role="toolbar"
      aria-label={label}
      variant="outlined"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        p: 1,
        mb: 1.5,
        borderColor: 'primary.main',
        position: 'sticky',
        top: { xs: 64, md: 80 },
        zIndex: 3,
      }}
    >
      <Typography role="status" sx={{ fontWeight: 600, px: 1, marginInlineEnd: 'auto' }}>
        {selected}
      </Typography>
      {children}
    </Paper>
  );
}
