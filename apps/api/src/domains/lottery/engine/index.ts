export * from './balls.ts';
export * from './errors.ts';
export * from './fast.ts';
export * from './payout.ts';
export * from './registry.ts';
export * from './slip.ts';
export * from './types.ts';
