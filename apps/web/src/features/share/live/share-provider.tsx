import type { TShareCall } from '@portal/contracts';
import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { personName } from '../../../lib/format';
import { sendScreen } from './peer';
import { ShareClient, type ShareTransport } from './share-client';
import { ShareRequestDialog } from './share-request-dialog';
import { WatchedBanner } from './watched-banner';

export interface ShareContextValue {
  client: ShareClient;
  /** This tab's connection name, once the server has given it (null while connecting). */
  endpoint: string | null;
  /** The latest state of every call of this user that changed while the page was open. */
  calls: Record<number, TShareCall>;
}

const ShareContext = createContext<ShareContextValue | null>(null);

/** The share connection of this tab (the portal's provider or the sharing page's); null outside one. */
export function useShare(): ShareContextValue | null {
  return useContext(ShareContext);
}

const isOpen = (c: TShareCall) => c.status === 'requested' || c.status === 'active';

/** The screen, asked of the browser (the picker, or the fake source in tests). */
function captureScreen(): Promise<MediaStream> {
  return navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
}

/**
 * Holds the tab's `/ws/share/` connection and plays the target's part: a request opens
 * the consent dialog; on consent (or at once, with consent given at hiring) this tab's
 * screen goes to the viewer, and a banner says who is watching while the call lasts.
 */
export function ShareProvider({
  transport,
  username,
  onCall,
  children,
}: {
  transport: ShareTransport;
  username: string;
  /** Every call frame, for caches to follow (the portal's RTK Query). */
  onCall?(call: TShareCall): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const client = useMemo(() => new ShareClient(transport), [transport]);
  const endpoint = useSyncExternalStore(
    (fn) => client.subscribe(fn),
    () => client.endpoint,
  );
  const [calls, setCalls] = useState<Record<number, TShareCall>>({});
  const callsRef = useRef(calls);
  callsRef.current = calls;
  const onCallRef = useRef(onCall);
  onCallRef.current = onCall;
  /** Screens captured on consent, by call, until the call's sender takes them. */
  const streams = useRef(new Map<number, MediaStream>());
  const senders = useRef(new Map<number, () => void>());
  const [needsGesture, setNeedsGesture] = useState<number | null>(null);

  useEffect(() => {
    client.start();
    const off = client.onCall((call) => {
      setCalls((all) => ({ ...all, [call.id]: call }));
      onCallRef.current?.(call);
    });
    return () => {
      off();
      client.stop();
    };
  }, [client]);

  // A new connection: calls bound to the old one were ended by the server; read them again.
  // Only a change of connection starts this; the calls are read as they are then.
  const readOpenCallsAgain = useEffectEvent(() => {
    for (const c of Object.values(calls)) {
      if (!isOpen(c)) continue;
      void transport.end(c.id).then(
        (fresh) => setCalls((all) => ({ ...all, [fresh.id]: fresh })),
        () => undefined,
      );
    }
  });
  const lastEndpoint = useRef<string | null>(null);
  useEffect(() => {
    if (!endpoint) return;
    const previous = lastEndpoint.current;
    lastEndpoint.current = endpoint;
    if (previous) readOpenCallsAgain();
  }, [endpoint]);

  const mine = Object.values(calls).filter((c) => c.target.username === username);
  const incoming = mine.find((c) => c.status === 'requested');
  const watched = mine.filter((c) => c.status === 'active');

  // Start sending for active calls bound to this tab; stop for those that ended.
  useEffect(() => {
    for (const call of watched) {
      if (call.target_endpoint !== endpoint || senders.current.has(call.id)) continue;
      senders.current.set(call.id, () => undefined); // claimed: one sender per call
      void (async () => {
        let stream = streams.current.get(call.id);
        if (!stream) {
          try {
            stream = await captureScreen();
          } catch {
            // Browsers may want a click first (consent given at hiring: the banner offers one).
            senders.current.delete(call.id);
            setNeedsGesture(call.id);
            return;
          }
          streams.current.set(call.id, stream);
        }
        const ice = await transport.iceServers().catch(() => []);
        // The call may have ended while the screen or the ICE servers were being asked for.
        const now = callsRef.current[call.id];
        if (!now || !isOpen(now) || senders.current.get(call.id) === undefined) {
          for (const track of stream.getTracks()) track.stop();
          streams.current.delete(call.id);
          senders.current.delete(call.id);
          return;
        }
        const stop = sendScreen({ client, callId: call.id, stream, iceServers: ice, onState: () => undefined });
        // The browser's own "Stop sharing" ends the call too.
        for (const track of stream.getVideoTracks())
          track.onended = () => void transport.end(call.id).catch(() => undefined);
        senders.current.set(call.id, stop);
      })();
    }
    for (const [id, stop] of senders.current) {
      const call = calls[id];
      if (call && isOpen(call)) continue;
      stop();
      senders.current.delete(id);
      for (const track of streams.current.get(id)?.getTracks() ?? []) track.stop();
      streams.current.delete(id);
      if (call)
        toast.info(t('share.target.stopped', { name: personName(call.viewer) }), { toastId: `share-end-${id}` });
    }
  }, [watched, calls, endpoint, client, transport, t]);

  useEffect(
    () => () => {
      for (const stop of senders.current.values()) stop();
      for (const s of streams.current.values()) for (const track of s.getTracks()) track.stop();
    },
    [],
  );

  const accept = async (call: TShareCall) => {
    // Asked for in the click itself: browsers only show the screen picker after a gesture.
    const stream = await captureScreen();
    streams.current.set(call.id, stream);
    if (!endpoint) throw new Error('not connected');
    try {
      const accepted = await transport.accept(call.id, endpoint);
      setCalls((all) => ({ ...all, [accepted.id]: accepted }));
    } catch (err) {
      for (const track of stream.getTracks()) track.stop();
      streams.current.delete(call.id);
      throw err;
    }
  };

  const value = useMemo(() => ({ client, endpoint, calls }), [client, endpoint, calls]);
  return (
    <ShareContext.Provider value={value}>
      {watched.length > 0 ? (
        <WatchedBanner
          calls={watched}
          needsGesture={needsGesture}
          onStart={() => {
            setNeedsGesture(null);
            const call = watched.find((c) => c.id === needsGesture);
            if (!call) return;
            void captureScreen().then(
              (stream) => {
                streams.current.set(call.id, stream);
                setCalls((all) => ({ ...all })); // re-run the sender effect with the stream
              },
              () => setNeedsGesture(call.id),
            );
          }}
          onStop={(call) => void transport.end(call.id).catch(() => toast.error(t('share.target.stopFailed')))}
        />
      ) : null}
      {incoming ? (
        <ShareRequestDialog
          key={incoming.id}
          call={incoming}
          onAccept={() => accept(incoming)}
          onDecline={(note) =>
            transport.decline(incoming.id, note).then((c) => setCalls((all) => ({ ...all, [c.id]: c })))
          }
        />
      ) : null}
      {children}
    </ShareContext.Provider>
  );
}
