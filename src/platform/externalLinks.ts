/**
 * Links that leave the site: the support page and the author's other places (About).
 * The owner's own pages go here; until then they point at the services themselves.
 */
export const SUPPORT_URL = 'https://www.buymeacoffee.com/';

export const OTHER_STUFF: readonly { label: string; what: string; href: string }[] = [
  { label: 'Photography portfolio', what: 'Pictures, printed large', href: 'https://www.format.com/' },
  { label: 'Code', what: 'Source of this site and other experiments', href: 'https://github.com/' },
  { label: 'Photo sharing', what: 'Everyday snapshots', href: 'https://www.flickr.com/' },
  {
    label: 'Video channel',
    what: 'Timelapses, builds and the odd game trailer',
    href: 'https://www.youtube.com/',
  },
  { label: 'Social', what: 'Short posts and updates', href: 'https://mastodon.social/' },
];
