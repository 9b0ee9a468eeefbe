import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled card section of a page; the title labels the region for screen readers. */
export function SectionCard({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Typography id={id} variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: hint ? 0.5 : 2 }}>
          {title}
        </Typography>
        {hint ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            {hint}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
