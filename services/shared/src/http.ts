// Everything a service's Express app is built from. Express and helmet load with this entry point only: a process
// without Express (the gateway) imports the narrower entries (`/request-id`, `/request-logging`) instead.
export * from './health.js';
export * from './request-id.js';
export * from './request-logging.js';
export * from './service-app.js';
export * from './service-probes.js';
