/**
 * sx for text that screen readers announce but the eye does not need. Sizes are strings:
 * in sx a bare `1` means 100 % (a hidden label as wide as its container made pages scroll
 * sideways).
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
