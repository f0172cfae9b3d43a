// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveHandle } from '../../api/types.ts';
import { DialogHost, resetDialogsForTests } from '../ui/asyncDialogs.tsx';
import { installFakeFetch } from '../ui/fakeFetch.testutil.ts';
import type { SaveConfig } from './saveConfig.ts';
import { type SaveOutcome, save, saveAs } from './saveFlow.ts';

afterEach(() => {
  cleanup();
  resetDialogsForTests();
  vi.unstubAllGlobals();
});

function makeConfig(overrides: Partial<SaveConfig> = {}) {
  const config: SaveConfig = {
    appId: 'synth',
    getData: () => ({ notes: [1, 2, 3] }),
    onLoad: vi.fn(),
    current: null,
    setCurrent: vi.fn((handle: SaveHandle | null) => {
      config.current = handle;
    }),
    ...overrides,
  };
  return config;
}

const loaded: SaveHandle = { id: 's1', key: 'my song', version: 3, etag: 'e3' };

let api: ReturnType<typeof installFakeFetch>;
beforeEach(() => {
  api = installFakeFetch({
    'POST /api/saves/save.php': (call) => {
      const body = call.body as { key: string };
      return { json: { success: true, id: `id-${body.key}`, version: 1, etag: `etag-${body.key}` } };
    },
  });
  render(<DialogHost />);
});

function run(flow: () => Promise<SaveOutcome>) {
  let outcome: Promise<SaveOutcome> = Promise.resolve('cancelled');
  act(() => {
    outcome = flow();
  });
  return outcome;
}

const user = () => userEvent.setup();
const saves = () => api.callsTo('/api/saves/save.php', 'POST').map((c) => c.body);

describe('save flow (spec §4)', () => {
  it("says 'Nothing to save' and sends nothing when the game has no data", async () => {
    const config = makeConfig({ getData: () => null });
    const outcome = run(() => save(config));
    await screen.findByRole('dialog', { name: 'Nothing to save' });
    await user().click(screen.getByRole('button', { name: 'OK' }));
    await expect(outcome).resolves.toBe('nothing');
    expect(saves()).toEqual([]);
  });

  it("first save prompts with 'composition', creates without ifMatch, sets the handle and tells the user", async () => {
    const config = makeConfig();
    const outcome = run(() => save(config));
    const name = await screen.findByRole('textbox', { name: 'Save name' });
    expect((name as HTMLInputElement).value).toBe('composition');
    await user().type(name, '{Enter}');
    await screen.findByRole('dialog', { name: /Saved "composition"/ });
    await user().click(screen.getByRole('button', { name: 'OK' }));
    await expect(outcome).resolves.toBe('saved');
    expect(saves()).toEqual([{ appId: 'synth', key: 'composition', data: { notes: [1, 2, 3] } }]);
    expect(config.setCurrent).toHaveBeenCalledWith({
      id: 'id-composition',
      key: 'composition',
      version: 1,
      etag: 'etag-composition',
    });
  });

  it("offers the game's default key and trims the typed name", async () => {
    const config = makeConfig({ defaultKey: 'track' });
    const outcome = run(() => save(config));
    const name = await screen.findByRole('textbox', { name: 'Save name' });
    expect((name as HTMLInputElement).value).toBe('track');
    await user().clear(name);
    await user().type(name, '  loop one  {Enter}');
    await user().click(await screen.findByRole('button', { name: 'OK' }));
    await expect(outcome).resolves.toBe('saved');
    expect(saves()).toMatchObject([{ key: 'loop one' }]);
  });

  it('a name that is empty after trimming cancels the save', async () => {
    const config = makeConfig();
    const outcome = run(() => save(config));
    const name = await screen.findByRole('textbox', { name: 'Save name' });
    await user().clear(name);
    await user().type(name, '   {Enter}');
    await expect(outcome).resolves.toBe('cancelled');
    expect(saves()).toEqual([]);
    expect(config.setCurrent).not.toHaveBeenCalled();
  });

  it('with a current save, OK on the overwrite confirmation overwrites sending the etag', async () => {
    const config = makeConfig({ current: loaded });
    const outcome = run(() => save(config));
    await screen.findByRole('dialog', { name: 'Overwrite "my song"?' });
    await user().click(screen.getByRole('button', { name: 'Overwrite' }));
    await user().click(await screen.findByRole('button', { name: 'OK' }));
    await expect(outcome).resolves.toBe('saved');
    expect(saves()).toEqual([{ appId: 'synth', key: 'my song', data: { notes: [1, 2, 3] }, ifMatch: 'e3' }]);
  });

  it('Cancel on the overwrite confirmation goes to Save As; a different name creates a new save', async () => {
    const config = makeConfig({ current: loaded });
    const outcome = run(() => save(config));
    await screen.findByRole('dialog', { name: 'Overwrite "my song"?' });
    await user().click(screen.getByRole('button', { name: 'Cancel' }));
    const name = await screen.findByRole('textbox', { name: 'Save name' });
    expect((name as HTMLInputElement).value).toBe('my song');
    await user().clear(name);
    await user().type(name, 'my song v2{Enter}');
    await user().click(await screen.findByRole('button', { name: 'OK' }));
    await expect(outcome).resolves.toBe('saved');
    expect(saves()).toEqual([{ appId: 'synth', key: 'my song v2', data: { notes: [1, 2, 3] } }]);
    expect(config.current?.key).toBe('my song v2');
  });

  it("Save As with the loaded save's name asks again; OK overwrites with the etag", async () => {
    const config = makeConfig({ current: loaded });
    const outcome = run(() => saveAs(config));
    await user().type(await screen.findByRole('textbox', { name: 'Save name' }), '{Enter}');
    await screen.findByRole('dialog', { name: 'Overwrite "my song"?' });
    await user().click(screen.getByRole('button', { name: 'Overwrite' }));
    await user().click(await screen.findByRole('button', { name: 'OK' }));
    await expect(outcome).resolves.toBe('saved');
    expect(saves()).toMatchObject([{ key: 'my song', ifMatch: 'e3' }]);
  });

  it("Save As with the loaded save's name, then Cancel, saves nothing", async () => {
    const config = makeConfig({ current: loaded });
    const outcome = run(() => saveAs(config));
    await user().type(await screen.findByRole('textbox', { name: 'Save name' }), '{Enter}');
    await screen.findByRole('dialog', { name: 'Overwrite "my song"?' });
    await user().click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(outcome).resolves.toBe('cancelled');
    expect(saves()).toEqual([]);
  });

  it('sends the version when the handle has no etag', async () => {
    const config = makeConfig({ current: { ...loaded, etag: '' } });
    const outcome = run(() => save(config));
    await user().click(await screen.findByRole('button', { name: 'Overwrite' }));
    await user().click(await screen.findByRole('button', { name: 'OK' }));
    await outcome;
    expect(saves()).toMatchObject([{ ifMatch: 3 }]);
  });

  it("a failure shows the server's message with its code, and keeps the handle", async () => {
    api.setRoute('POST /api/saves/save.php', {
      status: 409,
      json: { success: false, error: 'The save changed elsewhere', code: 'CONFLICT' },
    });
    const config = makeConfig({ current: loaded });
    const outcome = run(() => save(config));
    await user().click(await screen.findByRole('button', { name: 'Overwrite' }));
    await screen.findByRole('dialog', { name: /The save changed elsewhere \(CONFLICT\)/ });
    await user().click(screen.getByRole('button', { name: 'OK' }));
    await expect(outcome).resolves.toBe('failed');
    expect(config.setCurrent).not.toHaveBeenCalled();
  });

  it("a failure without a message says 'Save failed' with the code", async () => {
    api.setRoute('POST /api/saves/save.php', { status: 400, json: { success: false, code: 'INVALID' } });
    const outcome = run(() => save(makeConfig()));
    await user().type(await screen.findByRole('textbox', { name: 'Save name' }), '{Enter}');
    await screen.findByRole('dialog', { name: /^Save failed \(INVALID\)$/ });
    await user().click(screen.getByRole('button', { name: 'OK' }));
    await expect(outcome).resolves.toBe('failed');
  });

  it("no answer at all (offline) says 'Save failed', not the browser's words", async () => {
    api.setRoute('POST /api/saves/save.php', new TypeError('Failed to fetch'));
    const outcome = run(() => save(makeConfig()));
    await user().type(await screen.findByRole('textbox', { name: 'Save name' }), '{Enter}');
    await screen.findByRole('dialog', { name: /^Save failed$/ });
    await user().click(screen.getByRole('button', { name: 'OK' }));
    await expect(outcome).resolves.toBe('failed');
  });

  it('a new name that is already taken asks to overwrite it and then sends ifMatch "*"', async () => {
    api.setRoute('POST /api/saves/save.php', (call) => {
      const body = call.body as { ifMatch?: string };
      return body.ifMatch === '*'
        ? { json: { success: true, id: 'old', version: 4, etag: 'e4' } }
        : { status: 409, json: { success: false, error: 'A save with this name exists', code: 'EXISTS' } };
    });
    const config = makeConfig();
    const outcome = run(() => save(config));
    await user().type(await screen.findByRole('textbox', { name: 'Save name' }), '{Enter}');
    await screen.findByRole('dialog', { name: 'A save named "composition" already exists. Overwrite it?' });
    await user().click(screen.getByRole('button', { name: 'Overwrite' }));
    await user().click(await screen.findByRole('button', { name: 'OK' }));
    await expect(outcome).resolves.toBe('saved');
    expect(saves()).toMatchObject([{ key: 'composition' }, { key: 'composition', ifMatch: '*' }]);
    await waitFor(() =>
      expect(config.current).toEqual({ id: 'old', key: 'composition', version: 4, etag: 'e4' }),
    );
  });
});
