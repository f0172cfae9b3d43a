import { describeSoundSet } from '../../../lib/audio/soundSetChecks.ts';
import { RACE_SOUNDS } from './recipes.ts';

describeSoundSet(
  'race',
  RACE_SOUNDS,
  import.meta.glob<string>('../../../../assets/sounds/race/*.wav', {
    query: '?inline',
    import: 'default',
    eager: true,
  }),
);
