export * from './errors';
export * from './dice';
export * from './ruleset';
export * from './hex';
export * from './actions';
export * from './steps';
