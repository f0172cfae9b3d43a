import { useEffect, useRef } from 'react';
import { DEV_SWITCHES, type DevGift, type DevSwitches, devGive, useYardDev } from './dev.ts';
import type { YardSession } from './session.ts';
import { saveProgress } from './storage.ts';
import { toast, useYardStore } from './store.ts';

const GIFTS: { gift: DevGift; label: string }[] = [
  { gift: 'food5', label: 'Food x5' },
  { gift: 'fuelCan', label: 'Fuel can' },
  { gift: 'mower', label: 'Mower' },
];

/**
 * The developer overlay and menu (spec §6), mounted only when the local flag is set
 * (localStorage `yardcore:dev` = '1'). A Dev button (or the ` key) opens the menu; the
 * debug text is refreshed four times a second straight into the DOM, not through React.
 */
export function DevTools({ session }: { session: YardSession }) {
  const open = useYardDev((s) => s.open);
  const switches = useYardDev((s) => s.switches);
  const text = useRef<HTMLPreElement>(null);

  useEffect(() => {
    const { showDebugText: _, ...scene } = switches;
    session.setDevOptions(scene);
  }, [session, switches]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Backquote') return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select')) return;
      useYardDev.setState((s) => ({ open: !s.open }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!switches.showDebugText) return;
    const update = () => {
      const el = text.current;
      if (!el) return;
      const d = session.debugInfo();
      const { phase, hud } = useYardStore.getState();
      el.textContent = [
        `fps ${d.still ? 'still' : d.fps}  things ${d.things}  chunks ${d.chunks}`,
        `x ${d.x.toFixed(2)}  y ${d.y.toFixed(2)}  tile ${Math.floor(d.x)},${Math.floor(d.y)}`,
        `${phase}  level ${hud.level}  hp ${hud.hp}  cut ${hud.cutCount}/${hud.target}`,
      ].join('\n');
    };
    update();
    const timer = setInterval(update, 250);
    return () => clearInterval(timer);
  }, [session, switches.showDebugText]);

  const flip = (key: keyof DevSwitches) =>
    useYardDev.setState((s) => ({ switches: { ...s.switches, [key]: !s.switches[key] } }));

  const give = (gift: DevGift) => {
    const { toast: message, send } = devGive(useYardStore.getState().hud.slots, gift);
    if (send) session.command({ type: 'give', item: gift });
    toast(message);
  };

  const clearProgress = () => {
    saveProgress(null);
    useYardStore.setState({ hasProgress: false });
    toast('Progress cleared');
  };

  return (
    <>
      {switches.showDebugText && <pre ref={text} className="yard-debug" data-testid="yard-debug" />}
      <button
        type="button"
        className="button button--small yard-dev-toggle"
        aria-expanded={open}
        onClick={() => useYardDev.setState({ open: !open })}
      >
        Dev
      </button>
      {open && (
        <section className="yard-dev" aria-label="Developer menu">
          <h2 className="yard-dev__title">Developer</h2>
          {DEV_SWITCHES.map(({ key, label }) => (
            <label key={key} className="yard-dev__switch">
              <input type="checkbox" checked={switches[key]} onChange={() => flip(key)} />
              {label}
            </label>
          ))}
          <div className="yard-dev__buttons">
            {GIFTS.map(({ gift, label }) => (
              <button key={gift} type="button" className="button button--small" onClick={() => give(gift)}>
                {label}
              </button>
            ))}
            <button type="button" className="button button--small button--ghost" onClick={clearProgress}>
              Clear progress
            </button>
          </div>
        </section>
      )}
    </>
  );
}
