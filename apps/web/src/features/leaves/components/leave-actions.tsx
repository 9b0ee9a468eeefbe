import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ZLeaveDecisionRequest, type TLeaveRequest } from '@portal/contracts';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { issueSaid } from '../../../components/form/field-error-text';
import { errorText, fieldMessages, type RequestError, type Said } from '../../../lib/api/api-error';
import { useCancelLeaveMutation, useDecideLeaveMutation, useRevokeLeaveMutation } from '../api/leaves-api';
import { LeaveCommentDialog } from './leave-comment-dialog';

type Action = 'approve' | 'reject' | 'cancel' | 'revoke';

const ACTIONS: Record<
  Action,
  { button: ParseKeys; title: ParseKeys; body: ParseKeys; done: ParseKeys; comment: ParseKeys }
> = {
  approve: {
    button: 'leaves.actions.approve',
    title: 'leaves.actions.approveTitle',
    body: 'leaves.actions.approveBody',
    done: 'leaves.actions.approved',
    comment: 'leaves.actions.commentOptional',
  },
  reject: {
    button: 'leaves.actions.reject',
    title: 'leaves.actions.rejectTitle',
    body: 'leaves.actions.rejectBody',
    done: 'leaves.actions.rejected',
    comment: 'leaves.actions.commentRequired',
  },
  cancel: {
    button: 'leaves.actions.cancel',
    title: 'leaves.actions.cancelTitle',
    body: 'leaves.actions.cancelBody',
    done: 'leaves.actions.cancelled',
    comment: 'leaves.actions.commentOptional',
  },
  revoke: {
    button: 'leaves.actions.revoke',
    title: 'leaves.actions.revokeTitle',
    body: 'leaves.actions.revokeBody',
    done: 'leaves.actions.revoked',
    comment: 'leaves.actions.commentOptional',
  },
};

/** The contract's own rule: a rejection says why. */
const checkReject = (comment: string) => {
  const parsed = ZLeaveDecisionRequest.safeParse({ decision: 'reject', comment });
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  return issue && issueSaid(issue);
};

/**
 * The steps the caller may take on a request now (the server's `can`), each through a
 * dialog with a comment for the timeline. `only` limits them (lists offer cancel alone).
 */
export function LeaveActions({ leave, only }: { leave: TLeaveRequest; only?: readonly Action[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Action | null>(null);
  const [decide, decision] = useDecideLeaveMutation();
  const [cancel, cancelling] = useCancelLeaveMutation();
  const [revoke, revoking] = useRevokeLeaveMutation();
  const allowed: Action[] = [
    ...(leave.can.decide ? (['approve', 'reject'] as const) : []),
    ...(leave.can.cancel ? (['cancel'] as const) : []),
    ...(leave.can.revoke ? (['revoke'] as const) : []),
  ].filter((action) => !only || only.includes(action));
  if (allowed.length === 0) return null;

  const run = async (action: Action, comment: string): Promise<Said | undefined> => {
    const result =
      action === 'approve' || action === 'reject'
        ? await decide({ id: leave.id, body: { decision: action, comment } })
        : await (action === 'cancel' ? cancel : revoke)({ id: leave.id, body: { comment } });
    if ('error' in result) {
      const error = result.error as RequestError;
      const onComment = fieldMessages(error).comment?.[0];
      if (onComment) return onComment;
      // Decided or withdrawn meanwhile (409), or gone: say so; the page re-reads itself.
      toast.error(errorText(error), { toastId: `leave-${action}-failed` });
      setOpen(null);
      return undefined;
    }
    toast.success(t(ACTIONS[action].done));
    setOpen(null);
    return undefined;
  };

  const current = open ? ACTIONS[open] : null;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {allowed.map((action) => (
          <Button
            key={action}
            size={only ? 'small' : 'medium'}
            variant={action === 'approve' ? 'contained' : 'outlined'}
            color={action === 'approve' ? 'success' : action === 'reject' || action === 'revoke' ? 'error' : 'inherit'}
            onClick={() => setOpen(action)}
          >
            {t(ACTIONS[action].button)}
          </Button>
        ))}
      </Box>
      <LeaveCommentDialog
        open={open !== null}
        title={current ? t(current.title) : ''}
        body={current ? t(current.body) : ''}
        confirmLabel={current ? t(current.button) : ''}
        commentLabel={current ? t(current.comment) : ''}
        danger={open !== 'approve'}
        busy={decision.isLoading || cancelling.isLoading || revoking.isLoading}
        check={open === 'reject' ? checkReject : undefined}
        onConfirm={(comment) => (open ? run(open, comment) : Promise.resolve(undefined))}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
