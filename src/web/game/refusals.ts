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
    case 'host/unavailable':
      return 'The game could not start on this page: its code did not load (are you offline?). Reload the page once you are connected; a game kept on this device waits for you.';
    case 'host/not-kept':
      return 'This browser would not let the page keep the game: a reload or leaving the page will lose it.';
    case 'review/ahead':
      return 'That moment has not happened yet.';
    case 'host/internal':
    case 'host/no-game':
      return 'The game on this page stopped. Go Home and start a new one.';
    case 'tutorial/not-asked':
      return 'Not now: the lesson asks for another move. Read what it asks above the table.';
    case 'auth/bad-token':
      return 'This page no longer holds a seat in this game. Open the link you were sent again.';
    default:
      return 'Something went wrong with that move; nothing was changed. Try again.';
  }
}
