export * from './share.js';
export * from './share-access.js';
export * from './share-live.js';
export * from './share-endpoints.js';
