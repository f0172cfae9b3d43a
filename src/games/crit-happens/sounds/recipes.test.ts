import { describeSoundSet } from '../../../lib/audio/soundSetChecks.ts';
import { CRIT_SOUNDS } from './recipes.ts';

describeSoundSet(
  'crit-happens',
  CRIT_SOUNDS,
  import.meta.glob<string>('../../../../assets/sounds/crit-happens/*.wav', {
    query: '?inline',
    import: 'default',
    eager: true,
  }),
);
