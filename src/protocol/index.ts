/** The messages between server and browser: zod schemas and their types, nothing else (DESIGN "Layers"). */

export * from './accounts.ts';
export * from './bot-lines.ts';
export * from './bot-lines-2.ts';
export * from './challenges.ts';
export * from './client-messages.ts';
export * from './clock.ts';
export * from './emotes.ts';
export * from './errors.ts';
export * from './http.ts';
export * from './lobby.ts';
export * from './packed-events.ts';
export * from './players.ts';
export * from './seat-relative.ts';
export * from './server-messages.ts';
export * from './view-delta.ts';
export * from './wire-view.ts';
