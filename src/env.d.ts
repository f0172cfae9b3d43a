/// <reference types="vite/client" />

/** Build-time variables the client reads (README, "Configuration"). */
interface ImportMetaEnv {
  /** Receives one POST per page view; unset means no analytics at all. */
  readonly VITE_ANALYTICS_ENDPOINT?: string;
  /** Optional measurement id copied into each page-view event. */
  readonly VITE_ANALYTICS_ID?: string;
}
