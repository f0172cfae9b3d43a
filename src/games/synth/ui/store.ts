/**
 * Synth Loops UI state (zustand): the editor (sound + pattern, with undo/redo), the
 * transport's BPM and tap taps, the loops, which loop the editor is linked to, audio
 * and play flags, and the current save handle. Every user intent is a named action.
 * The playhead never comes through here (see LiveEngine.onPlayhead).
 */
import { create } from 'zustand';
import type { SaveHandle } from '../../../api/types.ts';
import type { EditorState } from '../engine/arrangement.ts';
import {
  DEFAULT_LOOP_NAME,
  emptyPattern,
  type Loop,
  makeLoop,
  parseDocument,
  type SynthDocument,
  sanitizePattern,
  toDocument,
  togglePatternStep,
} from '../engine/document.ts';
import {
  createHistory,
  type History,
  record,
  redo as redoHistory,
  sealHistory,
  undo as undoHistory,
} from '../engine/history.ts';
import {
  clampParam,
  cleanName,
  DEFAULT_PARAMS,
  type DrumType,
  type FmRatio,
  type InstrumentType,
  type NumericParam,
  type OscType,
  PRESETS,
  type SoundParams,
  sanitizeParams,
} from '../engine/params.ts';
import type { Song } from '../engine/songLink.ts';
import { acceptTypedBpm, BPM_DEFAULT, tapTempo } from '../engine/tempo.ts';

export type AudioStatus = 'off' | 'starting' | 'ready' | 'failed';

export const DEFAULT_PATTERN: readonly boolean[] = sanitizePattern('x.....x...x.....');

export function newId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `l${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
}

export interface SynthState {
  history: History<EditorState>;
  bpm: number;
  taps: number[];
  loops: Loop[];
  linkedLoopId: string | null;
  audio: AudioStatus;
  playing: boolean;
  saveHandle: SaveHandle | null;
  exportBars: number;
  exporting: boolean;

  // editor: sound
  setParam(key: NumericParam, value: number, mergeKey?: string): void;
  renameSound(name: string): void;
  setInstrument(type: InstrumentType): void;
  setOscType(type: OscType): void;
  setDrumType(type: DrumType): void;
  setFmRatio(ratio: FmRatio): void;
  toggleDelay(): void;
  applyPreset(name: string): void;
  /** Ends a knob gesture: the next change is a new undo step. */
  endGesture(): void;
  // editor: pattern
  toggleStep(step: number): void;
  /** Turns a step on (MIDI record); one recording pass is one undo step. */
  recordStep(step: number): void;
  clearPattern(): void;
  undo(): void;
  redo(): void;
  // transport
  commitBpmText(text: string): number;
  tapTempo(nowMs: number): void;
  setAudio(status: AudioStatus): void;
  setPlaying(playing: boolean): void;
  // loops
  saveLoop(): void;
  updateLinkedLoop(): void;
  toggleMute(id: string): void;
  renameLoop(id: string, name: string): void;
  editLoop(id: string): void;
  deleteLoop(id: string): void;
  // song
  loadDocument(data: unknown): boolean;
  documentData(): SynthDocument | null;
  /** The song a link carries: the document plus the editor and its link. */
  song(): Song;
  /** Replaces the song with one from a link (the editor change can be undone). */
  loadSong(song: Song): void;
  /** A message about the page's song link (one that could not be opened), or null. */
  linkNotice: string | null;
  setLinkNotice(notice: string | null): void;
  setSaveHandle(handle: SaveHandle | null): void;
  setExportBars(bars: number): void;
  setExporting(exporting: boolean): void;
  reset(): void;
}

export function editorOf(s: Pick<SynthState, 'history'>): EditorState {
  return s.history.present;
}

function initialData() {
  return {
    history: createHistory<EditorState>({ params: { ...DEFAULT_PARAMS }, pattern: [...DEFAULT_PATTERN] }),
    bpm: BPM_DEFAULT,
    taps: [] as number[],
    loops: [] as Loop[],
    linkedLoopId: null as string | null,
    playing: false,
    saveHandle: null as SaveHandle | null,
    exportBars: 4,
    exporting: false,
    linkNotice: null as string | null,
  };
}

/** The song a fresh page starts with. */
export function defaultSong(): Song {
  const { history, bpm, loops } = initialData();
  return { bpm, loops, editor: history.present, linkedIndex: -1 };
}

export const EXPORT_BAR_OPTIONS = [1, 2, 4, 8, 16] as const;

export const useSynthStore = create<SynthState>()((set, get) => {
  /** Records an editor change (one undo step, or merged into the running gesture). */
  const edit = (fn: (e: EditorState) => EditorState, mergeKey: string | null = null) =>
    set((s) => {
      const next = fn(s.history.present);
      return next === s.history.present ? s : { history: record(s.history, next, mergeKey) };
    });
  const editParams = (patch: Partial<SoundParams>, mergeKey: string | null = null) =>
    edit((e) => {
      const params = sanitizeParams({ ...e.params, ...patch });
      const same = (Object.keys(patch) as (keyof SoundParams)[]).every((k) => params[k] === e.params[k]);
      return same ? e : { ...e, params };
    }, mergeKey);

  return {
    ...initialData(),
    audio: 'off',

    setParam: (key, value, mergeKey) => editParams({ [key]: clampParam(key, value) }, mergeKey ?? null),
    renameSound: (name) => editParams({ name: cleanName(name, get().history.present.params.name) }),
    setInstrument: (instrumentType) => editParams({ instrumentType }),
    setOscType: (oscType) => editParams({ oscType }),
    setDrumType: (drumType) => editParams({ drumType }),
    setFmRatio: (fmRatio) => editParams({ fmRatio }),
    toggleDelay: () => editParams({ delay: !get().history.present.params.delay }),
    applyPreset: (name) => {
      const preset = PRESETS.find((p) => p.name === name);
      if (preset) edit((e) => ({ ...e, params: { ...preset } }));
    },
    endGesture: () => set((s) => ({ history: sealHistory(s.history) })),

    toggleStep: (step) => edit((e) => ({ ...e, pattern: togglePatternStep(e.pattern, step) })),
    recordStep: (step) =>
      edit(
        (e) => (e.pattern[step] !== false ? e : { ...e, pattern: togglePatternStep(e.pattern, step) }),
        'midi-record',
      ),
    clearPattern: () => edit((e) => (e.pattern.some(Boolean) ? { ...e, pattern: emptyPattern() } : e)),
    undo: () => set((s) => ({ history: undoHistory(s.history) })),
    redo: () => set((s) => ({ history: redoHistory(s.history) })),

    commitBpmText: (text) => {
      const bpm = acceptTypedBpm(text, get().bpm);
      set({ bpm });
      return bpm;
    },
    tapTempo: (nowMs) => {
      const r = tapTempo(get().taps, nowMs);
      set(r.bpm === null ? { taps: r.taps } : { taps: r.taps, bpm: r.bpm });
    },
    setAudio: (audio) => set({ audio }),
    setPlaying: (playing) => set({ playing }),

    saveLoop: () => {
      const s = get();
      const { params, pattern } = s.history.present;
      const loop = makeLoop(newId(), params, pattern, DEFAULT_LOOP_NAME);
      set({ loops: [...s.loops, loop], linkedLoopId: loop.id });
    },
    updateLinkedLoop: () => {
      const s = get();
      const { params, pattern } = s.history.present;
      set({
        loops: s.loops.map((l) =>
          l.id === s.linkedLoopId ? { ...l, params: { ...params }, pattern: [...pattern] } : l,
        ),
      });
    },
    toggleMute: (id) =>
      set((s) => ({ loops: s.loops.map((l) => (l.id === id ? { ...l, muted: !l.muted } : l)) })),
    renameLoop: (id, name) =>
      set((s) => ({
        loops: s.loops.map((l) => (l.id === id ? { ...l, name: cleanName(name, l.name) } : l)),
      })),
    editLoop: (id) => {
      const loop = get().loops.find((l) => l.id === id);
      if (!loop) return;
      edit(() => ({ params: { ...loop.params }, pattern: [...loop.pattern] }));
      set({ linkedLoopId: id });
    },
    deleteLoop: (id) =>
      set((s) => ({
        loops: s.loops.filter((l) => l.id !== id),
        linkedLoopId: s.linkedLoopId === id ? null : s.linkedLoopId,
      })),

    loadDocument: (data) => {
      const doc = parseDocument(data, newId);
      if (!doc) return false;
      set({ bpm: doc.bpm, loops: doc.loops, linkedLoopId: null, taps: [] });
      return true;
    },
    documentData: () => {
      const s = get();
      return s.loops.length === 0 ? null : toDocument(s.bpm, s.loops);
    },
    song: () => {
      const s = get();
      return {
        bpm: s.bpm,
        loops: s.loops,
        editor: s.history.present,
        linkedIndex: s.loops.findIndex((l) => l.id === s.linkedLoopId),
      };
    },
    loadSong: (song) => {
      edit(() => ({ params: { ...song.editor.params }, pattern: [...song.editor.pattern] }));
      // A song from a link is not the account save this page had open: Save asks for a name again.
      set({
        bpm: song.bpm,
        loops: song.loops,
        linkedLoopId: song.loops[song.linkedIndex]?.id ?? null,
        taps: [],
        saveHandle: null,
      });
    },
    setLinkNotice: (linkNotice) => set({ linkNotice }),
    setSaveHandle: (saveHandle) => set({ saveHandle }),
    setExportBars: (bars) =>
      set({ exportBars: (EXPORT_BAR_OPTIONS as readonly number[]).includes(bars) ? bars : get().exportBars }),
    setExporting: (exporting) => set({ exporting }),
    reset: () => set({ ...initialData() }),
  };
});
