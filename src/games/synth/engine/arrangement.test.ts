import { describe, expect, it } from 'vitest';
import { activeTracks, EDITOR_TRACK_ID } from './arrangement.ts';
import { emptyPattern, makeLoop } from './document.ts';
import { PRESETS } from './params.ts';

const editor = { params: PRESETS[1], pattern: emptyPattern() };
const a = makeLoop('a', PRESETS[0], emptyPattern());
const b = { ...makeLoop('b', PRESETS[6], emptyPattern()), muted: true };
const c = makeLoop('c', PRESETS[7], emptyPattern());

describe('what plays', () => {
  it('only unmuted loops play, plus the editor', () => {
    expect(activeTracks([a, b, c], editor, null).map((t) => t.id)).toEqual(['a', 'c', EDITOR_TRACK_ID]);
  });

  it('the editor plays in place of its linked loop and shares its mute', () => {
    expect(activeTracks([a, b, c], editor, 'a').map((t) => t.id)).toEqual(['c', EDITOR_TRACK_ID]);
    expect(activeTracks([a, b, c], editor, 'b').map((t) => t.id)).toEqual(['a', 'c']);
    const editorTrack = activeTracks([a], editor, 'a')[0];
    expect(editorTrack.params).toBe(editor.params);
  });
});
