import { CritPage } from './ui/CritPage.tsx';

/** Route /crit-happens (registered by this folder's existence, see src/routeTable.ts). */
export default CritPage;
