// The screen-sharing feature's public surface.
import type { ServerFeature } from '../../lib/feature.js';
import { seedShareDemo } from './share-demo.js';
import { shareCallNames } from './share-names.repository.js';
import { findUserByUsername } from '../users/index.js';
import { shareRoutes } from './share.routes.js';
import { sweepCalls } from './share.service.js';
export { sweepCalls } from './share.service.js';

export const shareFeature: ServerFeature = {
  name: 'share',
  routes: [shareRoutes],
  jobs: (ctx) => [
    // Every server runs it; a conditional end per call records each end once.
    { name: 'share.sweep', everyMs: 10_000, ownTransactions: true, run: () => sweepCalls(ctx) },
  ],
  demo: { rows: (db) => seedShareDemo(db, async (username) => (await findUserByUsername(db, username))?.id) },
  eventLogActions: [
    'share.accept',
    'share.consent',
    'share.decline',
    'share.end',
    'share.missed',
    'share.request',
    'share.snapshot',
    'share.start',
  ],
  eventLogNames: { share_call: shareCallNames },
};
