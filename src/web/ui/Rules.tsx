/** How to play: the rules of ../shared/RULES.md in plain words, with small pictures drawn in code. */
import type { ComponentChildren } from 'preact';
import type { Controller } from '../controller.ts';
import { Defs, FaceIcon, FlagArt, Pirate, Ship } from './art.tsx';

function Pic(props: { w: number; h: number; children: ComponentChildren }) {
  return (
    <svg viewBox={`0 0 ${props.w} ${props.h}`} class="rule-pic" aria-hidden="true">
      <Defs />
      {props.children}
    </svg>
  );
}

export function Rules(props: { ctl: Controller }) {
  return (
    <main class="rules">
      <header class="game-bar">
        <button type="button" class="link" onClick={() => props.ctl.go('home', '/')}>
          ← Home
        </button>
        <div class="status">How to play</div>
        <span />
      </header>
      <article class="panel prose">
        <h1>How to play Pirates! Stratego</h1>
        <p>
          Two pirate ships, Red and Blue. Each captain hides three flag cards on their ship: the{' '}
          <strong>Flag</strong>, a <strong>Monkey</strong> and a <strong>Powder Barrel</strong>.{' '}
          <strong>Turn the enemy's Flag and you win.</strong>
        </p>
        <Pic w={300} h={70}>
          <FlagArt x={40} y={8} w={40} h={56} card="flag" owner="red" />
          <FlagArt x={130} y={8} w={40} h={56} card="monkey" owner="red" />
          <FlagArt x={220} y={8} w={40} h={56} card="barrel" owner="red" />
        </Pic>

        <h2>Your crew</h2>
        <p>
          Ten pirates each. The higher number wins a fight: Captain Redbeard (7), Sally Swashbuckler (6),
          Walter Whip (5), two Ivan Incisors (4), two Eddy Earrings (3), Boris Bomb-catcher (2), Aden Adder
          (1) and the Bomb.
        </p>
        <Pic w={320} h={50}>
          {(
            ['captain', 'swashbuckler', 'whip', 'incisor', 'earring', 'bombcatcher', 'adder', 'bomb'] as const
          ).map((k, i) => (
            <Pirate key={k} x={22 + i * 39} y={25} r={17} owner="red" kind={k} />
          ))}
        </Pic>
        <ul>
          <li>Little Aden Adder beats the Captain (but loses to everyone else).</li>
          <li>
            Whoever attacks the Bomb loses, except Boris Bomb-catcher, who defuses it. The Bomb never attacks.
          </li>
          <li>Equal numbers: both leave the game.</li>
          <li>A fight shows both pirates to both players, for the rest of the game.</li>
        </ul>

        <h2>Setting up</h2>
        <p>
          In secret, put your three flag cards in an order only you know, and choose three pirates to stand on
          your deck. The other seven wait below as <em>extras</em>. Your opponent sees how many pirates you
          have where, never who they are. A coin decides who starts.
        </p>
        <Pic w={300} h={145}>
          <g transform="translate(-2 -80) scale(0.8)">
            <Ship seat="blue" x0={50} x1={330} deckY={230} label="Blue" />
            <Pirate x={150} y={213} r={15} owner="blue" kind={null} />
            <Pirate x={190} y={213} r={15} owner="blue" kind={null} />
            <Pirate x={230} y={213} r={15} owner="blue" kind={null} />
          </g>
        </Pic>

        <h2>Your turn: turn one card</h2>
        <p>
          Ten action cards lie between the ships, each with a different picture on each side. On your turn,
          turn one card over and do what its new face says. You may not turn the card your opponent just
          turned.
        </p>
        <div class="face-list">
          {(
            [
              [
                'attack',
                'Attack!',
                'One of your pirates fights an enemy pirate on the same deck. If you stand on the enemy deck and no enemy pirate defends it, you may try for the flag instead.',
              ],
              [
                'swing',
                'Swing',
                'Swing one of your pirates onto the enemy ship, or back home. The Bomb stays home.',
              ],
              ['newPirate', 'New pirate', 'Bring one of your extras up onto your deck.'],
              [
                'shootSail',
                'Sail shot',
                'Fire the cannon through the hole in the enemy sail. A hit: the enemy gives up a pirate of their choice.',
              ],
              [
                'shootSkull',
                'Skull shot',
                'Put an enemy pirate on their hatch, then fire at the yellow skull. A hit flings that pirate overboard.',
              ],
              [
                'plank',
                'The plank',
                'Your opponent picks one of YOUR pirates for the plank. A coin: the shark takes it, or the cheerful pirate saves it.',
              ],
              ['sleeping', 'Sleeping', 'Everyone snores. Nothing happens.'],
            ] as const
          ).map(([face, title, text]) => (
            <div class="face" key={face}>
              <Pic w={50} h={50}>
                <FaceIcon face={face} x={25} y={25} />
              </Pic>
              <p>
                <strong>{title}</strong> {text}
              </p>
            </div>
          ))}
        </div>
        <p>
          New pirate, Swing, Attack and a try for the flag may be declined. Turning a card and shooting may
          not.
        </p>

        <h2>Trying for the flag</h2>
        <p>
          You earn a try when you attack from the enemy deck while no enemy pirate defends it, or when a
          cannon shot hits while the enemy has no pirate on either deck. Turn one of their three flag cards:
        </p>
        <ul>
          <li>
            <strong>Flag</strong>: you win!
          </li>
          <li>
            <strong>Monkey</strong>: nothing happens, but now everyone knows where the monkey is.
          </li>
          <li>
            <strong>Powder Barrel</strong>: boom! If you came by boarding, your pirate is blown up.
          </li>
        </ul>

        <h2>The cannon</h2>
        <p>
          Move the cannon sideways or back (never in front of your ship), pull back to aim and tilt, let go to
          fire. The spring is a little wobbly, like a real toy cannon. Prefer dice to skill? Choose{' '}
          <em>quick shots</em>: a sail shot hits 2 times in 5, a skull shot a bit less.
        </p>
        <Pic w={300} h={70}>
          <rect x="0" y="55" width="300" height="15" fill="url(#sea)" />
          <rect x="20" y="42" width="22" height="12" rx="3" fill="#5b3a1e" />
          <rect x="30" y="36" width="22" height="7" rx="3" fill="#263238" transform="rotate(-28 30 40)" />
          <path
            d="M50 30 Q150 -15 235 28"
            stroke="#222"
            stroke-dasharray="2 5"
            fill="none"
            stroke-width="2"
          />
          <line x1="240" y1="5" x2="240" y2="50" stroke="#f3e6c8" stroke-width="5" />
          <circle cx="240" cy="28" r="4" fill="#1f7aa0" />
          <rect x="220" y="50" width="60" height="10" fill="#8a552c" />
        </Pic>

        <h2>Advanced rules</h2>
        <p>
          After carrying out your card, set it in front of you; on your next turn put it back where it was. So
          fewer cards are in play and the last ones become easier to predict.
        </p>
        <h2>The end</h2>
        <p>
          The game ends when a flag is captured (running out of pirates does not end it: the cannon can still
          win) or when someone gives up. A game may have a turn limit: reaching it is a draw.
        </p>
        <button type="button" class="primary big" onClick={() => props.ctl.go('home', '/')}>
          Let's play!
        </button>
      </article>
    </main>
  );
}
