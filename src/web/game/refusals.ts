/**
 * What a player reads when the table refuses something: a sentence written for players, chosen by the
 * refusal's code. Engine and server wording ("Expected turnCard, not setup.") is for developers and logs;
 * it never reaches the page. A code without a sentence here gets a plain, safe one.
 */
export function refusalSentence(code: string | null): string {
  switch (code) {
    case 'action/not-your-turn':
    case 'action/wrong-decision':
    case 'act/stale':
      return 'That choice is no longer open: the table has moved on. Look at it and choose again.';
    case 'action/illegal':
    case 'action/malformed':
    case 'aim/malformed':
      return 'That move is not possible now. Choose one of the moves the table offers.';
    case 'aim/out-of-range':
    case 'aim/in-front-of-ship':
      return 'The cannon cannot stand or tilt like that. Move it back within the table and try again.';
    case 'action/not-your-seat':
      return 'That seat is the computer’s.';
    case 'game/over':
      return 'The game is over.';
    case 'rate/limited':
      return 'Slow down a little, then try again.';
    case 'store/unavailable':
    case 'server/closing':
      return 'The server is busy for a moment; your game is safe. Try again shortly.';
    case 'host/internal':
    case 'host/no-game':
      return 'The game on this page stopped. Go Home and start a new one.';
    case 'auth/bad-token':
      return 'This page no longer holds a seat in this game. Open the link you were sent again.';
    default:
      return 'Something went wrong with that move; nothing was changed. Try again.';
  }
}
