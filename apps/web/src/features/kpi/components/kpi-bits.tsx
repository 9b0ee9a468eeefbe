import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TUserRef } from '@portal/contracts';
import { Link as RouterLink } from 'react-router';
import { Bidi } from '../../../components/bidi';
import { errorText, type RequestError } from '../../../lib/api/api-error';
import { personName } from '../kpi-format';

/**
 * A person in a list: the name (a link when `to` is given: the keyboard's way into a row
 * the mouse may click anywhere on), then the username in grey.
 */
export function PersonCell({
  user,
  to,
}: {
  user: Pick<TUserRef, 'username' | 'first_name' | 'last_name'>;
  to?: string;
}) {
  const name = <Bidi>{personName(user)}</Bidi>;
  return (
    <>
      {to ? (
        <Link component={RouterLink} to={to} onClick={(e) => e.stopPropagation()}>
          {name}
        </Link>
      ) : (
        name
      )}{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        <Bidi>@{user.username}</Bidi>
      </Typography>
    </>
  );
}

/** A failed read above its list, in plain translated words. */
export function ReadError({ error }: { error: RequestError | undefined }) {
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {errorText(error)}
    </Alert>
  );
}
