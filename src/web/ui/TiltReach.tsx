/**
 * The tilts that reach each target from where the cannon stands and how it is turned, under the aiming
 * sliders: a bar over the tilt's whole range with each target's stretch and the current tilt, and the
 * stretches in degrees. Computed by the engine's own physics (`reachingTilts`), so a tilt shown inside a
 * stretch really reaches its target before the spring's wobble.
 */
import { useMemo } from 'preact/hooks';
import {
  type Aim,
  type CannonConfig,
  reachingTilts,
  type ShotTarget,
  type TiltRange,
} from '../../engine/index.ts';
import { decimal, t } from '../i18n/i18n.ts';

/**
 * A stretch in words, its ends rounded inwards to a tenth of a degree so every tilt named reaches,
 * e.g. '26.3°–29.5°' ('26,3°–29,5°' in German: `decimal`).
 */
export function tiltWords(ranges: readonly TiltRange[]): string {
  if (ranges.length === 0) return t('reach.none');
  return ranges
    .map((range) => {
      const from = Math.ceil(range.from * 10) / 10;
      const to = Math.floor(range.to * 10) / 10;
      return to <= from ? `${decimal((range.from + range.to) / 2)}°` : `${decimal(from)}°–${decimal(to)}°`;
    })
    .join(t('reach.or'));
}

/** Which way to tilt from `pitch` to the nearest stretch: 'up' or 'down'. */
function towards(ranges: readonly TiltRange[], pitch: number): 'up' | 'down' {
  let best: { gap: number; way: 'up' | 'down' } = { gap: Number.POSITIVE_INFINITY, way: 'up' };
  for (const range of ranges) {
    const gap = pitch < range.from ? range.from - pitch : pitch - range.to;
    if (gap < best.gap) best = { gap, way: pitch < range.from ? 'up' : 'down' };
  }
  return best.way;
}

export function TiltReach(props: { cannon: CannonConfig; aim: Aim; target: ShotTarget }) {
  const { cannon, aim, target } = props;
  const { x, back, yaw } = aim;
  const reach = useMemo(
    () => ({
      sail: reachingTilts({ x, back, yaw, pitch: 0 }, 'sail', cannon),
      skull: reachingTilts({ x, back, yaw, pitch: 0 }, 'skull', cannon),
    }),
    [x, back, yaw, cannon],
  );
  const span = cannon.maxPitch - cannon.minPitch || 1;
  const at = (pitch: number) => `${(((pitch - cannon.minPitch) / span) * 100).toFixed(2)}%`;
  const mine = reach[target];
  const inside = mine.some((r) => aim.pitch >= r.from && aim.pitch <= r.to);
  // The aimed-at target first: it is the one this shot is for.
  const order: readonly ShotTarget[] = target === 'sail' ? ['sail', 'skull'] : ['skull', 'sail'];
  return (
    <div class="tilt-reach" data-reach={tiltWords(mine)}>
      <div class="reach-bar" aria-hidden="true">
        {order.flatMap((shown) =>
          reach[shown].map((r) => (
            <span
              key={`${shown}-${r.from}`}
              class={`reach-span reach-${shown} ${shown === target ? 'aimed' : ''}`}
              style={{ left: at(r.from), width: `calc(${at(r.to)} - ${at(r.from)})` }}
            />
          )),
        )}
        <span class={`reach-now ${inside ? 'in' : ''}`} style={{ left: at(aim.pitch) }} />
      </div>
      <p class="reach-words">
        {order.map((shown, i) => (
          <span key={shown} class={shown === target ? 'aimed' : ''}>
            {t(i === 0 ? `reach.first.${shown}` : `reach.next.${shown}`, { tilts: tiltWords(reach[shown]) })}
          </span>
        ))}{' '}
        <strong class="reach-now-words">
          {inside
            ? t('reach.inside')
            : mine.length === 0
              ? t('reach.move')
              : t(`reach.${towards(mine, aim.pitch)}.${target}`)}
        </strong>
      </p>
    </div>
  );
}
