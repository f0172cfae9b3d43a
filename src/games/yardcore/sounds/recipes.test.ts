import { describeSoundSet } from '../../../lib/audio/soundSetChecks.ts';
import { YARD_SOUNDS } from './recipes.ts';

describeSoundSet(
  'yardcore',
  YARD_SOUNDS,
  import.meta.glob<string>('../../../../assets/sounds/yardcore/*.wav', {
    query: '?inline',
    import: 'default',
    eager: true,
  }),
);
