import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SaveConfig } from '../saves/saveConfig.ts';
import { AccountButton } from '../session/AccountButton.tsx';
import { useDisplayFont } from './useDisplayFont.ts';
import './GameHeader.css';

export interface GameHeaderProps {
  title: string;
  /** Where '← Home' leads; null hides the button. */
  backTo?: string | null;
  /** Given by games that support Save / Load (shown in the account menu). */
  saveConfig?: SaveConfig;
  /** Games with a settings dialog: the header's ⚙️ Settings button opens it. */
  onSettings?: () => void;
  /** Per-game HUD and actions. */
  children?: ReactNode;
}

/** A house, for '← Home' where the header is one compact row (phones). */
function HomeIcon() {
  return (
    <svg className="game-header__home-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 11.2 12 4l9 7.2M5.5 9.5V20h5v-5.5h3V20h5V9.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Shared game page header (platform spec §2): '← Home', the title centred in a random
 * display font (click for another), the game's HUD, its Settings button and the account
 * button. On phones and narrow windows (below 800 px wide or 500 px high) it is one
 * compact row: Home, Settings and the account button become icons whose names stay for
 * screen readers (GameHeader.css).
 */
export function GameHeader({ title, backTo = '/', saveConfig, onSettings, children }: GameHeaderProps) {
  const display = useDisplayFont('random');
  return (
    <header className="game-header">
      <div className="game-header__start">
        {backTo !== null && (
          <Link className="button button--ghost button--small game-header__back" to={backTo}>
            <HomeIcon />
            <span className="game-header__label">← Home</span>
          </Link>
        )}
      </div>
      <h1 className="game-header__title">
        <button
          type="button"
          className="game-header__title-button"
          style={{ fontFamily: display.fontFamily }}
          title={`Font: ${display.font} (click to change)`}
          data-font={display.font ?? undefined}
          data-font-status={display.status}
          onClick={display.change}
        >
          {title}
        </button>
      </h1>
      <div className="game-header__end">
        <div className="game-header__hud">{children}</div>
        {onSettings && (
          <button
            type="button"
            className="button button--ghost button--small game-header__settings"
            onClick={onSettings}
          >
            {/* The gear stays in the name ('⚙️ Settings'), as the games' own buttons had it. */}
            ⚙️ <span className="game-header__label">Settings</span>
          </button>
        )}
        <div className="game-header__account">
          <AccountButton saveConfig={saveConfig} />
        </div>
      </div>
    </header>
  );
}
