export * from './catalog.js';
export * from './content.js';
export * from './users.js';
export * from './commerce.js';
export * from './system.js';
export * from './jobs.js';
export * from './returns.js';
export * from './shipping.js';
