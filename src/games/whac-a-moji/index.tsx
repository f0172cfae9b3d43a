import { WhacPage } from './ui/WhacPage.tsx';

/** /whac-a-moji: registered by the route table through this folder's index.tsx. */
export default WhacPage;
