/**
 * The Save flow of platform spec §4 as plain async steps over the async dialogs,
 * so each branch is one named action with its own test.
 */
import type { SaveHandle } from '../../api/types.ts';
import { alertDialog, confirmDialog, promptDialog } from '../ui/asyncDialogs.tsx';
import type { SaveConfig } from './saveConfig.ts';
import { SaveError, writeSave } from './savesClient.ts';

export const DEFAULT_SAVE_KEY = 'composition';
const SAVE_NAME_MAX = 100;

export type SaveOutcome = 'saved' | 'cancelled' | 'nothing' | 'failed';

function hasData(data: unknown): boolean {
  return data !== null && data !== undefined;
}

async function askName(defaultValue: string): Promise<string | null> {
  const typed = await promptDialog('Save as', defaultValue, {
    title: 'Save',
    label: 'Save name',
    okLabel: 'Save',
    maxLength: SAVE_NAME_MAX,
  });
  const name = typed?.trim() ?? '';
  return name === '' ? null : name;
}

function confirmOverwrite(key: string): Promise<boolean> {
  return confirmDialog(`Overwrite "${key}"?`, { okLabel: 'Overwrite' });
}

/** Writes, then updates the handle and tells the user; a failure is shown in an alert (§8). */
async function write(
  config: SaveConfig,
  key: string,
  data: unknown,
  ifMatch: string | number | undefined,
): Promise<SaveOutcome> {
  try {
    const handle: SaveHandle = await writeSave({ appId: config.appId, key, data, ifMatch });
    config.setCurrent(handle);
    await alertDialog(`Saved "${key}"`);
    return 'saved';
  } catch (error) {
    // A name already taken by another save: offer to replace it rather than fail.
    if (error instanceof SaveError && error.code === 'EXISTS' && ifMatch === undefined) {
      if (
        !(await confirmDialog(`A save named "${key}" already exists. Overwrite it?`, {
          okLabel: 'Overwrite',
        }))
      )
        return 'cancelled';
      return write(config, key, data, '*');
    }
    const message = error instanceof Error && error.message ? error.message : 'Save failed';
    const code = error instanceof SaveError && error.code ? ` (${error.code})` : '';
    await alertDialog(`${message}${code}`);
    return 'failed';
  }
}

/** Save As: a new name creates a new save; the loaded save's name asks to overwrite again. */
export async function saveAs(config: SaveConfig): Promise<SaveOutcome> {
  const data = config.getData();
  if (!hasData(data)) {
    await alertDialog('Nothing to save');
    return 'nothing';
  }
  const current = config.current;
  const name = await askName(current?.key ?? config.defaultKey ?? DEFAULT_SAVE_KEY);
  if (name === null) return 'cancelled';
  if (current && name === current.key) {
    if (!(await confirmOverwrite(name))) return 'cancelled';
    return write(config, name, data, current.etag || current.version);
  }
  return write(config, name, data, undefined);
}

/** Save: first save asks for a name; with a current save, confirm overwrite (Cancel → Save As). */
export async function save(config: SaveConfig): Promise<SaveOutcome> {
  const data = config.getData();
  if (!hasData(data)) {
    await alertDialog('Nothing to save');
    return 'nothing';
  }
  const current = config.current;
  if (!current) {
    const name = await askName(config.defaultKey ?? DEFAULT_SAVE_KEY);
    if (name === null) return 'cancelled';
    return write(config, name, data, undefined);
  }
  if (await confirmOverwrite(current.key))
    return write(config, current.key, data, current.etag || current.version);
  return saveAs(config);
}
