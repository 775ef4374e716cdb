/**
 * Which short sounds a scene makes: the card turning, the coin, the cannon and a hit, the plank's splash, the
 * end. A function of the scene alone, so a test can hear the game without a speaker (ui/sound.ts plays them).
 */
import type { Scene } from './scenes.ts';

/** 'turn': a ship's bell, when another game of this player's needs them (online/turn-alerts.ts). */
export type Effect = 'card' | 'coin' | 'cannon' | 'hit' | 'splash' | 'boom' | 'end' | 'turn';

export function effectsOf(scene: Scene): Effect[] {
  switch (scene.kind) {
    case 'card':
      return ['card'];
    case 'battle':
      return ['hit'];
    case 'coin':
      return ['coin'];
    case 'plank':
      return scene.saved ? ['coin'] : ['coin', 'splash'];
    case 'hatch':
      return scene.result === 'flung' ? ['splash'] : [];
    case 'shot':
      return scene.hit ? ['cannon', 'hit'] : ['cannon'];
    case 'flag':
      return scene.card === 'barrel' ? ['card', 'boom'] : ['card'];
    case 'over':
      return ['end'];
  }
}
