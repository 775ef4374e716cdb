/** The Web Worker that analyses a finished game off the page's thread (analysis.ts). */
import type { GameRecord } from '../../engine/index.ts';
import { type Analysis, analyse } from './analysis.ts';

export type AnalysisAnswer =
  | { readonly ok: true; readonly analysis: Analysis }
  | { readonly ok: false; readonly message: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<GameRecord>) => void) | null;
  postMessage(message: AnalysisAnswer): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.onmessage = (event) => {
  try {
    scope.postMessage({ ok: true, analysis: analyse(event.data) });
  } catch (error) {
    scope.postMessage({ ok: false, message: String(error) });
  }
};
