export * from './envelope.ts';
export * from './errors.ts';
export * from './languages.ts';
export * from './system.ts';
