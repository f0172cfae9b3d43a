import { describeSoundSet } from '../../../lib/audio/soundSetChecks.ts';
import { WHAC_SOUNDS } from './recipes.ts';

describeSoundSet(
  'whac-a-moji',
  WHAC_SOUNDS,
  import.meta.glob<string>('../../../../assets/sounds/whac-a-moji/*.wav', {
    query: '?inline',
    import: 'default',
    eager: true,
  }),
);
