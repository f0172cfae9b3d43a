import type { SaveHandle } from '../../api/types.ts';

/** What a game supplies to take part in Save / Load (platform spec §3). */
export interface SaveConfig {
  appId: string;
  /** Name offered on a first save; 'composition' when absent. */
  defaultKey?: string;
  /** The document to save; null/undefined means 'Nothing to save'. */
  getData: () => unknown;
  /** Receives a loaded document. */
  onLoad: (data: unknown) => void;
  current: SaveHandle | null;
  setCurrent: (handle: SaveHandle | null) => void;
}
