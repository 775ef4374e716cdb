/** The cannon's position for drawing a fired shot: where the flight starts (the shot event's launch), in cm. */
import type { Aim, Shot } from '../../engine/index.ts';

export function aimZero(shot: Shot): Aim {
  const v = shot.launch.velocity;
  const horizontal = Math.hypot(v.x, v.y);
  return {
    x: shot.launch.position.x * 100,
    back: -shot.launch.position.y * 100,
    yaw: (Math.atan2(v.x, v.y) * 180) / Math.PI,
    pitch: (Math.atan2(v.z, horizontal) * 180) / Math.PI,
  };
}
