/**
 * A worker thread that runs bots, so a thinking bot never blocks the server's event loop. It answers one
 * decision request at a time with an action chosen from the view alone.
 */
import { parentPort } from 'node:worker_threads';
import { createBot } from '../../ai/index.ts';
import { randomFromSeed } from '../../engine/index.ts';
import type { DecisionReply, DecisionRequest } from './bot-protocol.ts';
import { botFor } from './levels.ts';

if (parentPort === null) throw new Error('bot-worker.ts must run in a worker thread.');
const port = parentPort;

port.on('message', (request: DecisionRequest) => {
  let reply: DecisionReply;
  try {
    const bot = botFor(request.level, createBot);
    const action = bot.decide({
      view: request.view,
      history: request.history,
      random: randomFromSeed(request.seed),
      timeLeftMs: request.timeLeftMs,
    });
    reply = { id: request.id, ok: true, action };
  } catch (error) {
    reply = { id: request.id, ok: false, message: String(error) };
  }
  port.postMessage(reply);
});
