export * from './autopilot.ts';
export * from './constants.ts';
export * from './fixedStep.ts';
export * from './game.ts';
export * from './inputLog.ts';
export * from './replay.ts';
export * from './session.ts';
export * from './terrain.ts';
