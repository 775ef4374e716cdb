/** The part of `glicko2` (1.2.x, plain JavaScript without types) that ratings.ts uses. */
declare module 'glicko2' {
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number });
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    /** Each match: [player, opponent, score of the first: 1 win, 0.5 draw, 0 loss]. */
    updateRatings(matches: [Glicko2Player, Glicko2Player, number][]): void;
  }
}
