import { Link, useSearchParams } from 'react-router-dom';
import { SITE_LINKS } from '../siteLinks.ts';

const UPDATED = '22 November 2026';

/** Shown after an account deletion (/privacy?deleted=1&code=…, from My account). */
function DeletionNotice() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim();
  if (params.get('deleted') !== '1' || !code) return null;
  return (
    <div className="notice notice--ok" role="status">
      <p className="notice__title">Data deletion request received</p>
      <p>
        Your account and the data linked to it are being deleted. Your confirmation code is{' '}
        <code className="notice__code">{code}</code>. Keep it if you want to ask us about this deletion later.
      </p>
    </div>
  );
}

export default function PrivacyPage() {
  return (
    <div className="page page--prose">
      <main className="prose">
        <nav className="prose__nav">
          <Link className="button button--ghost button--small" to="/">
            ← Home
          </Link>
        </nav>
        <DeletionNotice />
        <h1 className="prose__title">Privacy Policy</h1>
        <p className="prose__lead">
          Futile is a hobby site of small games. It keeps as little about you as it can, never sells it, shows
          no ads and does not follow you around the web. This page says exactly what is stored, why, and how
          to get rid of it. Last updated {UPDATED}.
        </p>

        <section className="prose__section" aria-labelledby="privacy-anon">
          <h2 id="privacy-anon">Playing without an account</h2>
          <p>
            You can play every game without signing in. Game settings such as sound volume and mute are kept
            in your own browser (local storage) and never sent to us. If you submit a high score, rate a track
            or share a track you drew, we store what is described below, without linking it to a person.
          </p>
        </section>

        <section className="prose__section" aria-labelledby="privacy-what">
          <h2 id="privacy-what">What we store, and why</h2>
          <dl className="prose__defs">
            <dt>Your account</dt>
            <dd>
              When you sign in with Google or Microsoft we receive and keep your account id at that provider,
              your name and email address, and a link to your profile picture. We use them to recognise you
              next time and to show your name. You can change the display name on My account. We never see
              your password.
            </dd>
            <dt>Sessions</dt>
            <dd>
              Signing in sets one cookie holding a random session key (HttpOnly, not readable by scripts). We
              store only a hash of it, with its expiry time. It ends when you sign out, when it expires, or
              when your account is deactivated.
            </dd>
            <dt>Saved items</dt>
            <dd>
              Things you choose to save, such as Synth Loops compositions: their name, content, version and
              the time of the last change. Only you can load or delete them.
            </dd>
            <dt>High scores</dt>
            <dd>
              The player name you type, the score, the game and mode, how long the round took, a few details
              of the round used to check the score is plausible, the time, and the IP address it was sent from
              (to deal with cheating and spam; visible to administrators, never published). Scores are public
              on the leaderboards. When you are signed in the score is also linked to your account, so it can
              be marked as yours.
            </dd>
            <dt>Shared race tracks and ratings</dt>
            <dd>
              A track you share in Draw &amp; Race is stored with the time it was made and the IP address it
              was sent from, how often it was loaded and its ratings. We keep the IP address only to deal with
              abuse such as spam; it is visible to administrators, never published. One rating per track is
              kept, linked to your account or, when you are signed out, to a random visitor cookie so that you
              can change your rating instead of adding another.
            </dd>
            <dt>Page views</dt>
            <dd>
              If the site's operator turned analytics on, each page you open sends the page's path and title,
              the site you came from (just its address, on the first page of a visit) and the time. No cookie,
              no identifier, no query string is sent. If your browser sends Do Not Track or Global Privacy
              Control, nothing is sent at all.
            </dd>
            <dt>Admin audit log</dt>
            <dd>
              When an administrator deletes a track or score, or activates, deactivates or promotes an
              account, the action is recorded with the administrator, the target, what changed and the time,
              so that every change can be traced. An entry can name your account if you were its target.
            </dd>
            <dt>Server logs</dt>
            <dd>
              Like any web server, ours briefly logs requests (address, time, IP address) to keep the service
              running and secure. These logs are rotated and not used for anything else.
            </dd>
          </dl>
        </section>

        <section className="prose__section" aria-labelledby="privacy-others">
          <h2 id="privacy-others">Other services your browser talks to</h2>
          <ul>
            <li>
              <strong>Sign-in providers</strong> (Google, Microsoft) when you choose to sign in with them.
              Their own privacy policies apply there.
            </li>
            <li>
              <strong>Google Fonts</strong>: game titles use display fonts loaded from Google's font service,
              which sees your IP address when your browser fetches them. If it cannot be reached, a built-in
              font is used.
            </li>
            {SITE_LINKS.support && (
              <li>
                <strong>The support page</strong> ({new URL(SITE_LINKS.support).host}), only if you follow the
                'Buy me a coffee' link.
              </li>
            )}
          </ul>
          <p>There are no advertising or social media trackers on this site.</p>
        </section>

        <section className="prose__section" aria-labelledby="privacy-keep">
          <h2 id="privacy-keep">How long we keep it</h2>
          <p>
            Account data, saved items and scores stay until you delete them or your account. Sessions are
            removed when they end. The IP addresses stored with tracks and scores go when the track or score
            is deleted. Audit log entries are kept while they matter for handling abuse.
          </p>
        </section>

        <section className="prose__section" aria-labelledby="privacy-delete">
          <h2 id="privacy-delete">Deleting your account</h2>
          <p>
            Signed in, open <Link to="/account">My account</Link> and choose to delete your account. This
            immediately signs you out everywhere and deletes your account, its sessions, your saved items,
            your ratings and the high scores linked to your account. You are then brought back to this page
            with a confirmation code. Of the deletion itself we keep only that code and its date, so that we
            can confirm it later. Scores and tracks submitted while signed out are not linked to any account;
            if you want one of them removed, ask us and tell us which.
          </p>
        </section>

        <section className="prose__section" aria-labelledby="privacy-rights">
          <h2 id="privacy-rights">Your rights</h2>
          <p>
            You can ask what we hold about you, have it corrected or deleted, and object to its use. Most of
            this you can do yourself on My account; for anything else, reach us through the links on the{' '}
            <Link to="/about">About</Link> page. We answer within a month.
          </p>
        </section>
      </main>
      <footer className="prose__footer">
        <span>© {new Date().getFullYear()} Futile</span>
        <span aria-hidden="true">·</span>
        <Link to="/about">About</Link>
      </footer>
    </div>
  );
}
