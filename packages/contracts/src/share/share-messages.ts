import { message } from '../common/message-define.js';

/** Screen sharing: calls, consent, snapshots, signalling. */
export const SHARE_MESSAGES = {
  shareCallsStaffOnly: message('Screen-sharing calls are for staff and interpreters.'),
  shareRestricted: message('Screen sharing is for ADMIN, QUALITY, G.I, G.E and the English Department.'),
  shareListRestricted: message('The calls list is for ADMIN, QUALITY and directors.'),
  shareCallNotFound: message('Call not found.'),
  shareSnapshotNotFound: message('Snapshot not found.'),
  shareNoTarget: message('No one you may watch has this username.'),
  shareNoSuchUser: message('No such user.'),
  shareEndpointNotReady: message('Your live connection is not ready yet; wait a moment and try again.'),
  shareTargetOffline: message('{{name}} has neither the portal nor the sharing page open now.', { name: 'text' }),
  shareAlreadyInCall: message('You already have a call with this person; end it first.'),
  shareViewersFull: message(
    {
      one: 'Already watched by {{viewers}} of {{count}} allowed viewer; try again later.',
      other: 'Already watched by {{viewers}} of {{count}} allowed viewers; try again later.',
    },
    { viewers: 'number', count: 'count' },
  ),
  shareCallNotWaiting: message(
    'This call is no longer waiting for an answer (it was cancelled, answered or timed out).',
  ),
  shareAcceptTargetOnly: message('Only the person asked may accept.'),
  shareDeclineTargetOnly: message('Only the person asked may decline.'),
  shareEndParticipantsOnly: message('Only the two people in a call may end it.'),
  shareSnapshotViewerOnly: message('Only the viewer takes snapshots.'),
  shareSnapshotCallOff: message('Snapshots are taken while the call is on.'),
  shareSnapshotMissing: message('Attach the snapshot (a PNG).'),
  shareSnapshotsFull: message(
    { one: 'A call keeps at most {{count}} snapshot.', other: 'A call keeps at most {{count}} snapshots.' },
    { count: 'count' },
  ),
  shareConsentAdminOnly: message('Only ADMIN records consent given at hiring.'),
  shareConsentInterpretersOnly: message('Consent at hiring applies to interpreters; staff always accept or decline.'),
  // Signalling frames on the share channel.
  shareSignalMalformed: message('Malformed signal.'),
  shareNoSuchCall: message('No such call on this connection.'),
  // The contracts' own field messages.
  shareEndpointInvalid: message('Your live connection is not ready yet; try again.'),
  shareReasonMissing: message('Say why you want to watch (at least 3 characters).'),
  shareReasonTooLong: message(
    { one: 'Keep the reason under {{count}} character.', other: 'Keep the reason under {{count}} characters.' },
    { count: 'count' },
  ),
  shareNoteTooLong: message(
    { one: 'Keep the note under {{count}} character.', other: 'Keep the note under {{count}} characters.' },
    { count: 'count' },
  ),
  shareDateFormat: message('Use a date like 2026-11-26.'),
};
