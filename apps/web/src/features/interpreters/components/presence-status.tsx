import Box from '@mui/material/Box';

/** Online or offline: a dot beside the words, so the status is never told by colour alone. */
export function PresenceStatus({ online, label }: { online: 0 | 1; label: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}>
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: online ? 'success.main' : 'transparent',
          border: 2,
          borderColor: online ? 'success.main' : 'text.disabled',
        }}
      />
      {label}
    </Box>
  );
}
