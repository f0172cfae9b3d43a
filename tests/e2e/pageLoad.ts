/**
 * How long a test waits for a game page's first sight after `page.goto`. Each game route is
 * its own lazy chunk, and a canvas game then starts its workers: on the 2-core CI machine at
 * load 10 and more, with three browsers busy, that first sight has come after Playwright's
 * 10 s default here, the page still saying "Loading…". Waits after it keep the default.
 */
export const FIRST_LOAD = { timeout: 20_000 } as const;
