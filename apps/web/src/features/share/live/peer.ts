import type { TShareSignal } from '@portal/contracts';
import type { ShareClient, ShareSignalFrame } from './share-client';

export type PeerState = 'connecting' | 'connected' | 'failed';

interface PeerOptions {
  client: ShareClient;
  callId: number;
  iceServers: RTCIceServer[];
  onState(state: PeerState): void;
}

/**
 * The WebRTC half both sides share: ICE candidates go out as signals, incoming ones wait
 * until the remote description is set (they may arrive first), and the connection's
 * state is reported in three words.
 */
function connect({ client, callId, iceServers, onState }: PeerOptions) {
  const pc = new RTCPeerConnection({ iceServers });
  const pending: RTCIceCandidateInit[] = [];
  pc.onicecandidate = (e) => {
    if (!e.candidate) return;
    client.signal(callId, {
      type: 'candidate',
      candidate: e.candidate.candidate,
      sdpMid: e.candidate.sdpMid,
      sdpMLineIndex: e.candidate.sdpMLineIndex,
    });
  };
  pc.onconnectionstatechange = () => {
    const s = pc.connectionState;
    onState(s === 'connected' ? 'connected' : s === 'failed' ? 'failed' : 'connecting');
  };
  const remote = async (description: RTCSessionDescriptionInit) => {
    await pc.setRemoteDescription(description);
    for (const c of pending.splice(0)) await pc.addIceCandidate(c);
  };
  const candidate = async (s: Extract<TShareSignal, { type: 'candidate' }>) => {
    const init = { candidate: s.candidate, sdpMid: s.sdpMid, sdpMLineIndex: s.sdpMLineIndex };
    if (pc.remoteDescription) await pc.addIceCandidate(init);
    else pending.push(init);
  };
  return { pc, remote, candidate };
}

/** The target's side: sends the captured screen and makes the offer. Returns the stop. */
export function sendScreen(opts: PeerOptions & { stream: MediaStream }): () => void {
  const { pc, remote, candidate } = connect(opts);
  for (const track of opts.stream.getTracks()) pc.addTrack(track, opts.stream);
  const off = opts.client.onSignal(opts.callId, (s: ShareSignalFrame) => {
    if (s.signal.type === 'answer')
      void remote({ type: 'answer', sdp: s.signal.sdp }).catch(() => opts.onState('failed'));
    else if (s.signal.type === 'candidate') void candidate(s.signal).catch(() => undefined);
  });
  void (async () => {
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    opts.client.signal(opts.callId, { type: 'offer', sdp: offer.sdp ?? '' });
  })().catch(() => opts.onState('failed'));
  return () => {
    off();
    pc.close();
  };
}

/** The viewer's side: answers the offer and hands over the screen's stream. Returns the stop. */
export function receiveScreen(opts: PeerOptions & { onStream(stream: MediaStream): void }): () => void {
  const { pc, remote, candidate } = connect(opts);
  pc.ontrack = (e) => opts.onStream(e.streams[0] ?? new MediaStream([e.track]));
  const off = opts.client.onSignal(opts.callId, (s: ShareSignalFrame) => {
    if (s.signal.type === 'offer') {
      void (async () => {
        await remote({ type: 'offer', sdp: s.signal.type === 'offer' ? s.signal.sdp : '' });
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        opts.client.signal(opts.callId, { type: 'answer', sdp: answer.sdp ?? '' });
      })().catch(() => opts.onState('failed'));
    } else if (s.signal.type === 'candidate') void candidate(s.signal).catch(() => undefined);
  });
  return () => {
    off();
    pc.close();
  };
}
