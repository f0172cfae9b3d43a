import { GravityPage } from './ui/GravityPage.tsx';

/** /gravity: the Gravity Simulator (games spec §2). */
export default function Gravity() {
  return <GravityPage />;
}
