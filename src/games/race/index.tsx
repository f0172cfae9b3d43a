import { RacePage } from './ui/RacePage.tsx';

/** /race: Draw & Race (games spec §2). */
export default function Race() {
  return <RacePage />;
}
