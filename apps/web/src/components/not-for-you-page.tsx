import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { StatusPage } from './status-page';

/**
 * A page opened by someone it is not for (a shared link, a typed address): say why, with
 * one way on, rather than send them home silently.
 */
export function NotForYouPage({
  title,
  body,
  to,
  action,
}: {
  title: string;
  body: string;
  to: string;
  action: string;
}) {
  return (
    <StatusPage
      code="403"
      title={title}
      body={body}
      actions={
        <Button component={Link} to={to} variant="contained">
          {action}
        </Button>
      }
    />
  );
}
