import { describeSoundSet } from '../../../lib/audio/soundSetChecks.ts';
import { LANDER_SOUNDS } from './recipes.ts';

describeSoundSet(
  'lunar-lander',
  LANDER_SOUNDS,
  import.meta.glob<string>('../../../../assets/sounds/lunar-lander/*.wav', {
    query: '?inline',
    import: 'default',
    eager: true,
  }),
);
