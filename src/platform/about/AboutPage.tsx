import { Link } from 'react-router-dom';
import { LettersBackground } from '../home/LettersBackground.tsx';
import { SITE_LINKS, type SiteLinks } from '../siteLinks.ts';

/** About (platform spec §2). The support and other-stuff links are this build's (siteLinks.ts): what is not configured is not shown. */
export default function AboutPage({ links = SITE_LINKS }: { links?: SiteLinks }) {
  return (
    <div className="page page--prose">
      <LettersBackground count={32} speed={0.5} />
      <main className="prose">
        <nav className="prose__nav">
          <Link className="button button--ghost button--small" to="/">
            ← Back
          </Link>
        </nav>
        <h1 className="prose__title">
          About <span className="brand">Futile</span>
        </h1>

        <section className="prose__section" aria-labelledby="about-what">
          <h2 id="about-what">What is this?</h2>
          <p>
            Futile is a little arcade of browser games and toys. Roll a fistful of dice, doodle a race track
            and watch cars crash around it, try to set a lander down without leaving a crater, tap out a loop
            on a synth, whack some emojis, or build a solar system and watch it fling itself apart.
          </p>
          <p>
            None of it is important, which is rather the point. Every game works straight away, on a phone or
            a laptop, with no account. Signing in is optional: it lets you keep your synth loops on the server
            and puts your name next to your high scores.
          </p>
        </section>

        <section className="prose__section" aria-labelledby="about-tech">
          <h2 id="about-tech">Technology</h2>
          <p>
            The site is a TypeScript single-page app built with React and Vite. The games draw with Pixi.js on
            WebGL; the heavier simulations (gravity, the race physics) run in Web Workers so the page stays
            smooth, and their engines are plain, deterministic functions that the server can replay to check a
            high score. Sound comes from Tone.js and the Web Audio API, generated rather than downloaded.
          </p>
          <p>
            Behind it sits a small Fastify server with SQLite (or PostgreSQL when it grows up) for saves,
            scores and shared tracks. Sign-in uses OpenID Connect with Google or Microsoft, so there are no
            passwords to leak.
          </p>
        </section>

        <section className="prose__section" aria-labelledby="about-philosophy">
          <h2 id="about-philosophy">Philosophy</h2>
          <ul>
            <li>Small and finished beats big and someday.</li>
            <li>Play first: no sign-up walls, no ads, no dark patterns, no nagging.</li>
            <li>Fast on a cheap phone, and polite: motion calms down when you ask your system for less.</li>
            <li>Keep as little data as possible, and make deleting it one click.</li>
          </ul>
        </section>

        {links.support && (
          <section className="prose__section" aria-labelledby="about-support">
            <h2 id="about-support">Support</h2>
            <p>
              Futile is free and will stay that way. If it made you smile, you can{' '}
              <a href={links.support} target="_blank" rel="noopener noreferrer">
                buy me a coffee
              </a>
              . It pays for the server and, frankly, for the coffee.
            </p>
          </section>
        )}

        {links.otherStuff.length > 0 && (
          <section className="prose__section" aria-labelledby="about-other">
            <h2 id="about-other">My other stuff</h2>
            <ul className="link-list">
              {links.otherStuff.map((link) => (
                <li key={link.label}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                  <span className="link-list__what"> — {link.what}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </main>
      <footer className="prose__footer">
        <span>© {new Date().getFullYear()} Futile</span>
        <span aria-hidden="true">·</span>
        <Link to="/privacy">Privacy Policy</Link>
      </footer>
    </div>
  );
}
