/**
 * The site owner's pages that the site links to: the support page (the home page's coffee
 * card, About's Support section) and About's "My other stuff". The spec names no addresses,
 * so they are build-time configuration (README, "Configuration"), read from Vite's
 * `import.meta.env` here and nowhere else. A link that is not configured is not shown.
 */

/** The build variables this module reads. */
export interface SiteLinksEnv {
  readonly VITE_SUPPORT_URL?: string;
  readonly VITE_LINK_PORTFOLIO?: string;
  readonly VITE_LINK_CODE?: string;
  readonly VITE_LINK_PHOTOS?: string;
  readonly VITE_LINK_VIDEO?: string;
  readonly VITE_LINK_SOCIAL?: string;
}

export interface OtherStuffLink {
  label: string;
  what: string;
  href: string;
}

export interface SiteLinks {
  /** The support page ('Buy me a coffee'); null: no coffee card, no Support section. */
  support: string | null;
  /** About's "My other stuff", in the spec's order, only the configured ones. */
  otherStuff: readonly OtherStuffLink[];
}

/** About's "My other stuff" (platform spec §2), in its order, each with its variable. */
export const OTHER_STUFF: readonly { variable: keyof SiteLinksEnv; label: string; what: string }[] = [
  { variable: 'VITE_LINK_PORTFOLIO', label: 'Photography portfolio', what: 'Pictures, printed large' },
  { variable: 'VITE_LINK_CODE', label: 'Code', what: 'Source of this site and other experiments' },
  { variable: 'VITE_LINK_PHOTOS', label: 'Photo sharing', what: 'Everyday snapshots' },
  {
    variable: 'VITE_LINK_VIDEO',
    label: 'Video channel',
    what: 'Timelapses, builds and the odd game trailer',
  },
  { variable: 'VITE_LINK_SOCIAL', label: 'Social', what: 'Short posts and updates' },
];

/** An absolute http(s) address, trimmed; anything else (unset, blank, `javascript:`, a bare host) is null. */
export function linkAddress(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? text : null;
  } catch {
    return null;
  }
}

export function siteLinksFrom(env: SiteLinksEnv): SiteLinks {
  return {
    support: linkAddress(env.VITE_SUPPORT_URL),
    otherStuff: OTHER_STUFF.flatMap(({ variable, label, what }) => {
      const href = linkAddress(env[variable]);
      return href ? [{ label, what, href }] : [];
    }),
  };
}

/** This build's links. */
export const SITE_LINKS: SiteLinks = siteLinksFrom(import.meta.env);
