import { WS_CHANNELS, isStaff, type TShareCall } from '@portal/contracts';
import { useMemo, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { selectAuth } from '../../auth';
import { ticketedSocketUrl } from '../../../lib/live-channel';
import { useAppDispatch } from '../../../lib/store-hooks';
import { shareApi, shareCallUpdated } from '../api/share-api';
import type { ShareTransport } from './share-client';
import { ShareProvider } from './share-provider';

/**
 * The portal's share connection: every signed-in staff tab holds one, so a request to
 * watch its screen arrives on any page, and the viewer's page signals through it.
 */
export function SharePortalHost({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { user, token } = useSelector(selectAuth);
  const transport = useMemo<ShareTransport | null>(() => {
    if (!token) return null;
    const run = <T,>(p: { unwrap(): Promise<T> }) => p.unwrap();
    return {
      socketUrl: () => ticketedSocketUrl(dispatch, WS_CHANNELS.share),
      accept: (id, endpoint) => run(dispatch(shareApi.endpoints.acceptShareCall.initiate({ id, endpoint }))),
      decline: (id, note) => run(dispatch(shareApi.endpoints.declineShareCall.initiate({ id, note }))),
      end: (id) => run(dispatch(shareApi.endpoints.endShareCall.initiate(id))),
      iceServers: async () =>
        (await run(dispatch(shareApi.endpoints.shareIceServers.initiate(undefined, { subscribe: false })))).ice_servers,
    };
  }, [dispatch, token]);
  if (!transport || !user || !isStaff(user)) return <>{children}</>;
  return (
    <ShareProvider
      key={user.username}
      transport={transport}
      username={user.username}
      onCall={(call: TShareCall) => dispatch(shareCallUpdated(call))}
    >
      {children}
    </ShareProvider>
  );
}
