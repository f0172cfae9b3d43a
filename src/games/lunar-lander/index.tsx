import { LanderPage } from './ui/LanderPage.tsx';

/** Route /lunar-lander (registered by this folder's existence, see src/routeTable.ts). */
export default LanderPage;
