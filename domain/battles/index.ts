export * from './formats.ts';
export * from './engine.ts';
export * from './attempt-body.ts';
export * from './tournaments.ts';
export * from './negotiation.ts';
export * from './bracket.ts';
export * from './judged.ts';
