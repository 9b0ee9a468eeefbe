import { z } from 'zod';
import { ZText } from '../common/text.js';
import { ZShareCall, ZShareSignal } from './share.js';

const frame = <C extends string, D extends z.ZodType>(command: C, data: D) =>
  z.object({ message: z.object({ command: z.literal(command), data }) });

/** On opening `/ws/share/`: the connection's own name, given when asking or accepting. */
export const ZWsShareHello = frame('share_hello', z.object({ endpoint: ZText }));
/** A call of the user's changed (asked, accepted, declined, ended): the call as it is now. */
export const ZWsShareCall = frame('share_call', ZShareCall);
/** A signal from the other party of a call (the sender is who the server says, never the message). */
export const ZWsShareSignal = frame(
  'share_signal',
  z.object({ call_id: z.number().int(), from: ZText, signal: ZShareSignal }),
);

/** Client → server on `/ws/share/`: a signal for the other party of one of the caller's calls. */
export const ZShareClientSignal = z
  .object({ command: z.literal('signal'), call_id: z.number().int().positive(), signal: ZShareSignal })
  .strict();
export type TShareClientSignal = z.infer<typeof ZShareClientSignal>;
