import { describe, expect, it } from 'vitest';
import { homeDocument } from './prerenderHome.ts';

const INDEX = [
  '<!doctype html><html><head><title>Futile</title>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/index-def.css">',
  '<link rel="stylesheet" href="/other.css">',
  '</head><body><div id="root"></div></body></html>',
].join('');

describe('home.html from the built index.html', () => {
  const css = (href: string) => (href === '/assets/index-def.css' ? 'h1{color:red}' : null);

  it('puts the markup into #root and inlines the stylesheets it has, keeping the rest', () => {
    const html = homeDocument(INDEX, '<h1>Futile</h1>', css);
    expect(html).toContain('<div id="root"><h1>Futile</h1></div>');
    expect(html).toContain('<style>h1{color:red}</style>');
    expect(html).not.toContain('index-def.css');
    expect(html).toContain('<link rel="stylesheet" href="/other.css">');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('keeps $ patterns literally and cannot be closed early by the CSS', () => {
    const html = homeDocument(INDEX, "<p>$& $' $1</p>", () => 'a::after{content:"</style>"}');
    expect(html).toContain('<div id="root"><p>$& $\' $1</p></div>');
    expect(html).toContain('<style>a::after{content:"<\\/style>"}</style>');
    expect(html.match(/<\/style>/g)).toHaveLength(2);
  });

  it('refuses an index.html without an empty #root', () => {
    expect(() => homeDocument('<div id="root">x</div>', '', css)).toThrow(/#root|root/);
  });
});
