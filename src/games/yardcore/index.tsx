import { YardPage } from './ui/YardPage.tsx';

/** /yardcore: Yardcore (games spec §2). The home card stays Coming Soon; the route works. */
export default function Yardcore() {
  return <YardPage />;
}
