import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SaveConfig } from '../saves/saveConfig.ts';
import { AccountButton } from '../session/AccountButton.tsx';
import { useDisplayFont } from './useDisplayFont.ts';

export interface GameHeaderProps {
  title: string;
  /** Where '← Home' leads; null hides the button. */
  backTo?: string | null;
  /** Given by games that support Save / Load (shown in the account menu). */
  saveConfig?: SaveConfig;
  /** Per-game HUD and actions. */
  children?: ReactNode;
}

/**
 * Shared game page header (platform spec §2): '← Home', the title centred in a random
 * display font (click for another), the game's HUD, and the account button.
 * Styles: `.game-header*` in platform/ui/global.css.
 */
export function GameHeader({ title, backTo = '/', saveConfig, children }: GameHeaderProps) {
  const display = useDisplayFont('random');
  return (
    <header className="game-header">
      <div className="game-header__start">
        {backTo !== null && (
          <Link className="button button--ghost button--small game-header__back" to={backTo}>
            ← Home
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
      {/* One box on wide screens; on phones its two parts take rows of their own (CSS). */}
      <div className="game-header__end">
        <div className="game-header__hud">{children}</div>
        <div className="game-header__account">
          <AccountButton saveConfig={saveConfig} />
        </div>
      </div>
    </header>
  );
}
