import { Dialog } from '../../../platform/ui/Dialog.tsx';
import { VolumeField } from '../../../platform/ui/VolumeField.tsx';
import { useCritSettings } from './store.ts';

/** Volume (0–100 %, default 90), mute and the three colours; every change is saved at once. */
export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useCritSettings();
  return (
    <Dialog open={open} onClose={onClose} title="Settings" className="crit-settings">
      <div className="crit-settings__grid">
        <VolumeField
          id="crit-volume"
          volume={settings.volume}
          onChange={(volume) => settings.update({ volume })}
          steps="percent"
          rowClassName="crit-settings__volume"
        />
        <label htmlFor="crit-muted">Mute</label>
        <input
          id="crit-muted"
          type="checkbox"
          checked={settings.muted}
          onChange={(e) => settings.update({ muted: e.target.checked })}
        />
        <label htmlFor="crit-dice-color">Dice colour</label>
        <input
          id="crit-dice-color"
          type="color"
          value={settings.diceColor}
          onChange={(e) => settings.update({ diceColor: e.target.value })}
        />
        <label htmlFor="crit-number-color">Number colour</label>
        <input
          id="crit-number-color"
          type="color"
          value={settings.numberColor}
          onChange={(e) => settings.update({ numberColor: e.target.value })}
        />
        <label htmlFor="crit-arena-color">Arena colour</label>
        <input
          id="crit-arena-color"
          type="color"
          value={settings.arenaColor}
          onChange={(e) => settings.update({ arenaColor: e.target.value })}
        />
      </div>
      <div className="crit-settings__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => settings.resetColors()}
        >
          Reset colours
        </button>
        <button type="button" className="button button--small" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
