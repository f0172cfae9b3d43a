import { beforeEach, describe, expect, it } from 'vitest';
import { PRESETS } from '../engine/params.ts';
import { DEFAULT_PATTERN, editorOf, useSynthStore } from './store.ts';

const S = () => useSynthStore.getState();
const editor = () => editorOf(S());

beforeEach(() => S().reset());

describe('sound actions', () => {
  it('setParam clamps to the range and is undoable', () => {
    S().setParam('cutoff', 99999);
    expect(editor().params.cutoff).toBe(8000);
    S().undo();
    expect(editor().params.cutoff).toBe(1800);
    S().redo();
    expect(editor().params.cutoff).toBe(8000);
  });

  it('one knob gesture is one undo step', () => {
    S().setParam('decay', 0.5, 'knob:decay');
    S().setParam('decay', 0.6, 'knob:decay');
    S().setParam('decay', 0.7, 'knob:decay');
    S().endGesture();
    S().setParam('decay', 0.9, 'knob:decay');
    S().undo();
    expect(editor().params.decay).toBe(0.7);
    S().undo();
    expect(editor().params.decay).toBe(0.22);
  });

  it('instrument, waveform, drum, FM ratio, delay and name', () => {
    S().setInstrument('fm');
    S().setOscType('triangle');
    S().setFmRatio('3:2');
    S().toggleDelay();
    S().setDrumType('hat');
    S().renameSound('  Zap  ');
    expect(editor().params).toMatchObject({
      instrumentType: 'fm',
      oscType: 'triangle',
      fmRatio: '3:2',
      delay: true,
      drumType: 'hat',
      name: 'Zap',
    });
    S().renameSound('   ');
    expect(editor().params.name).toBe('Zap');
  });

  it('applyPreset loads a named preset', () => {
    S().applyPreset('Bell');
    expect(editor().params).toEqual(PRESETS.find((p) => p.name === 'Bell'));
    S().applyPreset('Nope');
    expect(editor().params.name).toBe('Bell');
  });
});

describe('pattern actions', () => {
  it('toggleStep and clearPattern, undoable', () => {
    expect(editor().pattern).toEqual(DEFAULT_PATTERN);
    S().toggleStep(1);
    expect(editor().pattern[1]).toBe(true);
    S().clearPattern();
    expect(editor().pattern.some(Boolean)).toBe(false);
    S().undo();
    expect(editor().pattern[1]).toBe(true);
    S().undo();
    expect(editor().pattern).toEqual(DEFAULT_PATTERN);
  });
});

describe('transport actions', () => {
  it('commitBpmText accepts 60..180 and reverts otherwise', () => {
    expect(S().commitBpmText('140')).toBe(140);
    expect(S().commitBpmText('200')).toBe(140);
    expect(S().commitBpmText('abc')).toBe(140);
    expect(S().bpm).toBe(140);
  });

  it('tapTempo sets the bpm from the last 4 taps, ignoring out-of-range results', () => {
    for (const t of [0, 500, 1000, 1500]) S().tapTempo(t);
    expect(S().bpm).toBe(120);
    for (const t of [5000, 5100, 5200]) S().tapTempo(t); // 600 BPM, after a pause
    expect(S().bpm).toBe(120);
  });
});

describe('loop actions', () => {
  it('saveLoop adds the current sound+pattern named Loop and links the editor', () => {
    S().saveLoop();
    const [loop] = S().loops;
    expect(loop.name).toBe('Loop');
    expect(loop.params).toEqual(editor().params);
    expect(loop.pattern).toEqual(editor().pattern);
    expect(loop.muted).toBe(false);
    expect(S().linkedLoopId).toBe(loop.id);
  });

  it('toggleMute, renameLoop, deleteLoop', () => {
    S().saveLoop();
    const id = S().loops[0].id;
    S().toggleMute(id);
    expect(S().loops[0].muted).toBe(true);
    S().toggleMute(id);
    expect(S().loops[0].muted).toBe(false);
    S().renameLoop(id, '  Bassline ');
    expect(S().loops[0].name).toBe('Bassline');
    S().renameLoop(id, '');
    expect(S().loops[0].name).toBe('Bassline');
    S().deleteLoop(id);
    expect(S().loops).toEqual([]);
    expect(S().linkedLoopId).toBeNull();
  });

  it('editLoop copies params and pattern back to the editor; updateLinkedLoop writes them back', () => {
    S().applyPreset('Kick');
    S().saveLoop();
    const kick = S().loops[0].id;
    S().applyPreset('Pad');
    S().toggleStep(3);
    S().saveLoop();
    S().editLoop(kick);
    expect(editor().params.name).toBe('Kick');
    expect(editor().pattern).toEqual(S().loops[0].pattern);
    S().toggleStep(15);
    S().updateLinkedLoop();
    expect(S().loops[0].pattern[15]).toBe(true);
    expect(S().loops[1].pattern[15]).toBe(false);
  });
});

describe('song actions', () => {
  it('documentData is null with no loops (Nothing to save), else the v1 document', () => {
    expect(S().documentData()).toBeNull();
    S().saveLoop();
    expect(S().documentData()).toMatchObject({ version: 1, bpm: 100, loops: [{ name: 'Loop' }] });
  });

  it('loadDocument restores bpm and loops; junk is ignored without crashing', () => {
    S().saveLoop();
    S().commitBpmText('150');
    const doc = S().documentData();
    S().reset();
    expect(S().loadDocument(doc)).toBe(true);
    expect(S().bpm).toBe(150);
    expect(S().loops).toEqual(doc?.loops);
    expect(S().loadDocument('nonsense')).toBe(false);
    expect(S().bpm).toBe(150);
  });

  it('setExportBars takes only the offered options', () => {
    S().setExportBars(8);
    expect(S().exportBars).toBe(8);
    S().setExportBars(7);
    expect(S().exportBars).toBe(8);
  });
});

describe('song links and MIDI record', () => {
  it('recordStep turns steps on (never off) and one recording pass is one undo step', () => {
    S().clearPattern();
    S().recordStep(2);
    S().recordStep(2);
    S().recordStep(9);
    expect(editor().pattern.flatMap((on, i) => (on ? [i] : []))).toEqual([2, 9]);
    S().endGesture();
    S().undo();
    expect(editor().pattern.some(Boolean)).toBe(false);
  });

  it('song() and loadSong() carry bpm, loops, the editor and its linked loop', () => {
    S().commitBpmText('150');
    S().saveLoop();
    S().toggleStep(5);
    const song = S().song();
    expect(song.linkedIndex).toBe(0);
    S().reset();
    S().loadSong(song);
    expect(S().bpm).toBe(150);
    expect(S().loops).toEqual(song.loops);
    expect(S().linkedLoopId).toBe(song.loops[0].id);
    expect(editor()).toEqual(song.editor);
    expect(S().saveHandle).toBeNull();
  });
});
