/**
 * The table's sounds, made with the Web Audio API (no sound files, so nothing to license or download): short
 * synthesised effects, each a few oscillators or a burst of noise through an envelope. Off until the player
 * turns sound on in Settings; a browser only lets a page sound after the player has touched it anyway.
 */
import type { Effect } from '../game/sounds.ts';

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

/** A tone sliding from `from` to `to` Hz over `seconds`, fading out. */
function tone(
  ctx: AudioContext,
  at: number,
  from: number,
  to: number,
  seconds: number,
  type: OscillatorType,
  gain = 0.2,
) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(from, at);
  osc.frequency.exponentialRampToValueAtTime(Math.max(to, 1), at + seconds);
  amp.gain.setValueAtTime(gain, at);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  osc.connect(amp).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + seconds + 0.02);
}

/** A burst of noise through a filter: splashes, the cannon's bang, the barrel. */
function noise(
  ctx: AudioContext,
  at: number,
  seconds: number,
  filter: BiquadFilterType,
  hz: number,
  gain = 0.35,
) {
  const frames = Math.ceil(ctx.sampleRate * seconds);
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  // Sound texture only: Math.random is fine here (nothing of the game depends on it).
  for (let i = 0; i < frames; i++) data[i] = Math.random() * 2 - 1;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const shape = ctx.createBiquadFilter();
  shape.type = filter;
  shape.frequency.value = hz;
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(gain, at);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  source.connect(shape).connect(amp).connect(ctx.destination);
  source.start(at);
}

const EFFECTS: Readonly<Record<Effect, (ctx: AudioContext, at: number) => void>> = {
  card: (ctx, at) => noise(ctx, at, 0.12, 'highpass', 2500, 0.25),
  coin: (ctx, at) => {
    tone(ctx, at, 1800, 1750, 0.25, 'triangle', 0.12);
    tone(ctx, at + 0.08, 2400, 2350, 0.3, 'triangle', 0.08);
  },
  cannon: (ctx, at) => {
    noise(ctx, at, 0.5, 'lowpass', 400, 0.6);
    tone(ctx, at, 120, 40, 0.4, 'sine', 0.4);
  },
  hit: (ctx, at) => tone(ctx, at + 0.05, 300, 120, 0.18, 'square', 0.12),
  splash: (ctx, at) => noise(ctx, at + 0.15, 0.7, 'bandpass', 900, 0.4),
  boom: (ctx, at) => {
    noise(ctx, at, 0.9, 'lowpass', 250, 0.7);
    tone(ctx, at, 80, 30, 0.8, 'sine', 0.5);
  },
  end: (ctx, at) => {
    tone(ctx, at, 523, 523, 0.25, 'triangle', 0.15);
    tone(ctx, at + 0.2, 659, 659, 0.25, 'triangle', 0.15);
    tone(ctx, at + 0.4, 784, 784, 0.5, 'triangle', 0.15);
  },
  // Two strikes of a ship's bell.
  turn: (ctx, at) => {
    tone(ctx, at, 1318, 1310, 0.7, 'sine', 0.16);
    tone(ctx, at + 0.3, 1318, 1310, 0.9, 'sine', 0.16);
  },
};

/** Plays the effects now, one after another a little apart. */
export function playEffects(effects: readonly Effect[]): void {
  if (effects.length === 0) return;
  const ctx = audio();
  if (ctx === null) return;
  for (const [i, effect] of effects.entries()) EFFECTS[effect](ctx, ctx.currentTime + i * 0.12);
}
