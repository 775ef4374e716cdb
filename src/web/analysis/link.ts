/** Starts the analysis of a finished game in its own Worker and hears the answer once. */
import type { GameRecord } from '../../engine/index.ts';
import type { AnalysisAnswer } from './worker.ts';

export function analyseInWorker(record: GameRecord, done: (answer: AnalysisAnswer) => void): () => void {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./worker.ts', import.meta.url), {
      type: 'module',
      name: 'pirates-analysis',
    });
  } catch (error) {
    done({ ok: false, message: String(error) });
    return () => undefined;
  }
  worker.onmessage = (event: MessageEvent<AnalysisAnswer>) => {
    done(event.data);
    worker.terminate();
  };
  worker.onerror = (event) => {
    event.preventDefault();
    done({ ok: false, message: event.message || 'the analysis could not be loaded' });
    worker.terminate();
  };
  worker.postMessage(record);
  return () => worker.terminate();
}
