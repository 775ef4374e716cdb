/** How to play: the rules of ../shared/RULES.md in plain words, with small pictures drawn in code. */
import type { ComponentChildren } from 'preact';
import { CARD_FACES } from '../../engine/index.ts';
import type { Controller } from '../controller.ts';
import { FACE_TITLE, SEAT_NAMES } from '../game/names.ts';
import { t } from '../i18n/i18n.ts';
import { Defs, FaceIcon, FlagArt, Pirate, Ship } from './art.tsx';
import { Trans } from './Trans.tsx';

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
          {t('rules.backHome')}
        </button>
        <div class="status">{t('rules.status')}</div>
        <span />
      </header>
      <article class="panel prose">
        <h1>{t('rules.title')}</h1>
        <p>
          <Trans text={t('rules.intro')} />
        </p>
        <Pic w={300} h={70}>
          <FlagArt x={40} y={8} w={40} h={56} card="flag" owner="red" />
          <FlagArt x={130} y={8} w={40} h={56} card="monkey" owner="red" />
          <FlagArt x={220} y={8} w={40} h={56} card="barrel" owner="red" />
        </Pic>
        <h2>{t('rules.crewTitle')}</h2>
        <p>{t('rules.crew')}</p>
        <Pic w={320} h={50}>
          {(
            ['captain', 'swashbuckler', 'whip', 'incisor', 'earring', 'bombcatcher', 'adder', 'bomb'] as const
          ).map((k, i) => (
            <Pirate key={k} x={22 + i * 39} y={25} r={17} owner="red" kind={k} />
          ))}
        </Pic>

        <ul>
          <li>{t('rules.adder')}</li>
          <li>{t('rules.bomb')}</li>
          <li>{t('rules.equal')}</li>
          <li>{t('rules.shown')}</li>
        </ul>

        <h2>{t('rules.setupTitle')}</h2>
        <p>
          <Trans text={t('rules.setup')} />
        </p>
        <Pic w={300} h={145}>
          <g transform="translate(-2 -80) scale(0.8)">
            <Ship seat="blue" x0={50} x1={330} deckY={230} label={SEAT_NAMES.blue} />
            <Pirate x={150} y={213} r={15} owner="blue" kind={null} />
            <Pirate x={190} y={213} r={15} owner="blue" kind={null} />
            <Pirate x={230} y={213} r={15} owner="blue" kind={null} />
          </g>
        </Pic>

        <h2>{t('rules.turnTitle')}</h2>
        <p>{t('rules.turn')}</p>
        <div class="face-list">
          {CARD_FACES.map((face) => (
            <div class="face" key={face}>
              <Pic w={50} h={50}>
                <FaceIcon face={face} x={25} y={25} />
              </Pic>
              <p>
                <strong>{FACE_TITLE[face]}</strong> {t(`rules.face.${face}`)}
              </p>
            </div>
          ))}
        </div>
        <p>{t('rules.optional')}</p>

        <h2>{t('rules.flagTitle')}</h2>
        <p>{t('rules.flag')}</p>
        <ul>
          <li>
            <Trans text={t('rules.flagFlag')} />
          </li>
          <li>
            <Trans text={t('rules.flagMonkey')} />
          </li>
          <li>
            <Trans text={t('rules.flagBarrel')} />
          </li>
        </ul>

        <h2>{t('rules.cannonTitle')}</h2>
        <p>
          <Trans text={t('rules.cannon')} />
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

        <h2>{t('rules.advancedTitle')}</h2>
        <p>{t('rules.advanced')}</p>
        <h2>{t('rules.endTitle')}</h2>
        <p>{t('rules.end')}</p>
        <button type="button" class="primary big" onClick={() => props.ctl.go('home', '/')}>
          {t('rules.play')}
        </button>
      </article>
    </main>
  );
}
