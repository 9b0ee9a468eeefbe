import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import type { ClipboardEvent, DragEvent, FormEvent, ReactNode } from 'react';

export interface FormCardProps {
  /** The form's accessible name (usually the page title). */
  label: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
  /** Drop and paste handlers of an attachment picker, spread on the form. */
  onPaste?(event: ClipboardEvent): void;
  onDragOver?(event: DragEvent): void;
  onDragLeave?(): void;
  onDrop?(event: DragEvent): void;
}

/**
 * A page's main form on its card: one padding, one field spacing, and the browser's own
 * validation bubbles off (each field shows its message under it, translated).
 */
export function FormCard({ label, onSubmit, children, ...handlers }: FormCardProps) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={label} {...handlers}>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
