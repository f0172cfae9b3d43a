import { type CSSProperties, type FocusEvent, type PointerEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AccountButton } from '../session/AccountButton.tsx';
import { HOME_CARDS, type HomeCard } from './homeCards.ts';
import { LettersBackground } from './LettersBackground.tsx';

const TITLE = 'Futile';

type Pose = { x: number; y: number; r: number };
const REST: Pose = { x: 0, y: 0, r: 0 };

function between(min: number, max: number): number {
  return min + Math.random() * (max - min);
}

/** The title: each click throws its letters to new random offsets and rotations. */
function JumpingTitle() {
  const [poses, setPoses] = useState<Pose[]>(() => [...TITLE].map(() => REST));
  const jump = () =>
    setPoses((prev) =>
      prev.map(() => ({ x: between(-0.18, 0.18), y: between(-0.3, 0.22), r: between(-24, 24) })),
    );
  return (
    <h1 className="home-title" aria-label={TITLE} onClick={jump}>
      {[...TITLE].map((ch, i) => (
        <span
          key={i}
          aria-hidden="true"
          className="home-title__letter"
          style={
            {
              '--i': i,
              transform: `translate(${poses[i].x}em, ${poses[i].y}em) rotate(${poses[i].r}deg)`,
            } as CSSProperties
          }
        >
          {ch}
        </span>
      ))}
    </h1>
  );
}

/** Hover and focus give each card a fresh random tilt, skew and scale (CSS reads the variables). */
function randomPose(el: HTMLElement) {
  el.style.setProperty('--tilt', `${between(-4, 4).toFixed(2)}deg`);
  el.style.setProperty('--skew', `${between(-3, 3).toFixed(2)}deg`);
  el.style.setProperty('--scale', between(1.03, 1.07).toFixed(3));
}

function CardBody({ card }: { card: HomeCard }) {
  return (
    <>
      <span className="game-card__emoji" aria-hidden="true">
        {card.emoji}
      </span>
      <span className="game-card__text">
        <span className="game-card__title">
          {card.title}
          {card.kind === 'support' && (
            <>
              <span className="game-card__external" aria-hidden="true">
                {' ↗'}
              </span>
              <span className="visually-hidden"> (opens in a new tab)</span>
            </>
          )}
        </span>
        <span className="game-card__description">{card.description}</span>
      </span>
      {card.kind === 'soon' && <span className="game-card__badge">Coming Soon</span>}
    </>
  );
}

function GameCard({ card }: { card: HomeCard }) {
  const style = { '--card-accent': card.accent } as CSSProperties;
  const pose = {
    onPointerEnter: (e: PointerEvent<HTMLElement>) => randomPose(e.currentTarget),
    onFocus: (e: FocusEvent<HTMLElement>) => randomPose(e.currentTarget),
  };
  switch (card.kind) {
    case 'game':
      return (
        <Link className="card game-card" to={card.to} style={style} {...pose}>
          <CardBody card={card} />
        </Link>
      );
    case 'support':
      return (
        <a
          className="card game-card game-card--support"
          href={card.href}
          target="_blank"
          rel="noopener noreferrer"
          style={style}
          {...pose}
        >
          <CardBody card={card} />
        </a>
      );
    case 'soon':
      // Not a link and does nothing: still focusable so keyboard users meet it in the list.
      return (
        <button
          type="button"
          className="card game-card game-card--soon"
          aria-disabled="true"
          style={style}
          {...pose}
        >
          <CardBody card={card} />
        </button>
      );
  }
}

// The display fonts and their loader come with the first click (or a hover before it):
// home paints in its own fonts.
const loadFonts = () => import('../../lib/fonts.ts');

/** The footer's 'what?' button: a new random display font on each click, then /about. */
function WhatButton() {
  const navigate = useNavigate();
  const [display, setDisplay] = useState<{ font: string; fontFamily: string } | null>(null);
  const change = async () => {
    const fonts = await loadFonts();
    const font = fonts.pickDisplayFont(Math.random, display?.font);
    setDisplay({ font, fontFamily: fonts.fontFamilyFor(font) });
    // Offline the font service is unreachable: the loader warns and the fallback face stays.
    await (await import('../../lib/fontsLoader.ts')).loadDisplayFont(font);
  };
  return (
    <button
      type="button"
      className="button button--ghost home-footer__what"
      // Before the first click: the brand face, the same stack fonts.ts falls back to.
      style={{ fontFamily: display?.fontFamily ?? 'var(--font-brand)' }}
      data-font={display?.font}
      onPointerEnter={() => void loadFonts()}
      onClick={() => {
        change().catch(() => {});
        navigate('/about');
      }}
    >
      what?
    </button>
  );
}

export function HomePage() {
  return (
    <div className="page page--home">
      <LettersBackground count={48} speed={0.7} />
      <AccountButton floating />
      <main className="home">
        <header className="home-hero">
          <JumpingTitle />
          <p className="home-subtitle">Choose your adventure</p>
        </header>
        <ul className="game-grid">
          {HOME_CARDS.map((card) => (
            <li key={card.title} className="game-grid__item">
              <GameCard card={card} />
            </li>
          ))}
        </ul>
      </main>
      <footer className="home-footer">
        <WhatButton />
      </footer>
    </div>
  );
}
