/**
 * What is heard: every unmuted loop, and the editor. The editor is "linked" to the
 * loop it was saved as or copied from: it plays in that loop's place (so an edit is
 * heard at once and a saved loop is not doubled) and shares its mute.
 * Decision (spec silent): with no linked loop the editor always plays along.
 */
import type { Loop, Pattern } from './document.ts';
import type { SoundParams } from './params.ts';

export interface Track {
  id: string;
  params: SoundParams;
  pattern: readonly boolean[];
}

export const EDITOR_TRACK_ID = 'editor';

export interface EditorState {
  params: SoundParams;
  pattern: Pattern;
}

export function activeTracks(
  loops: readonly Loop[],
  editor: EditorState,
  linkedLoopId: string | null,
): Track[] {
  const tracks: Track[] = [];
  let editorMuted = false;
  for (const loop of loops) {
    if (loop.id === linkedLoopId) {
      editorMuted = loop.muted;
      continue;
    }
    if (!loop.muted) tracks.push({ id: loop.id, params: loop.params, pattern: loop.pattern });
  }
  if (!editorMuted) tracks.push({ id: EDITOR_TRACK_ID, params: editor.params, pattern: editor.pattern });
  return tracks;
}
