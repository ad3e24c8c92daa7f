export * from './types.ts';
export * from './errors.ts';
export * from './encode.ts';
export * from './validate.ts';
export * from './sort-key.ts';
export * from './format.ts';
export * from './parse.ts';
export * from './units.ts';
