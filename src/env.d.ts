/// <reference types="vite/client" />

/** Build-time variables the client reads (README, "Configuration"). */
interface ImportMetaEnv {
  /** Receives one POST per page view; unset means no analytics at all. */
  readonly VITE_ANALYTICS_ENDPOINT?: string;
  /** Optional measurement id copied into each page-view event. */
  readonly VITE_ANALYTICS_ID?: string;
  /** The site's support page (home's coffee card, About's Support); unset: neither is shown. */
  readonly VITE_SUPPORT_URL?: string;
  /** About's "My other stuff", each shown only when set (src/platform/siteLinks.ts). */
  readonly VITE_LINK_PORTFOLIO?: string;
  readonly VITE_LINK_CODE?: string;
  readonly VITE_LINK_PHOTOS?: string;
  readonly VITE_LINK_VIDEO?: string;
  readonly VITE_LINK_SOCIAL?: string;
}
