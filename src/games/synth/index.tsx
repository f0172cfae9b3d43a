import { SynthPage } from './ui/SynthPage.tsx';

/** /synth — Synth Loops (games spec §2). */
export default SynthPage;
