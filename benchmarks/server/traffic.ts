/**
 * What the server part sends: the four calls measured one by one (each as autocannon's closed
 * loop and as the paced client's target), the mixed profile of the two-server figures, and the
 * closed loop itself.
 */

import autocannon from 'autocannon';
import type { PacedOptions } from './paced.ts';

/** Connections of each load, closed loop and paced (the two-server profile: twice as many). */
export const CONNECTIONS = 50;
/**
 * Offered load of the latency figures that carry the p99 goal. At saturation latency is
 * connections ÷ throughput (Little's law), so a p99 goal only means something below it.
 */
export const FIXED_RATE = 1000;

/** What the paced client sends (the rate, connections and duration are the bench's). */
export type Target = Omit<PacedOptions, 'rate' | 'connections' | 'duration'>;

export interface Load {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Closed loop: each of CONNECTIONS connections sends its next request as soon as the last is answered. */
export async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: CONNECTIONS, pipelining: 1, ...options });
  const bad = result.errors + result.timeouts + result.non2xx;
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: bad,
  };
}

/** The writes' bodies, made anew for each request. */
export interface Bodies {
  submitBody: () => string;
  saveBody: () => string;
}

/** One set for the whole run: the save slots go on turning over from one load to the next. */
export function requestBodies(): Bodies {
  let saves = 0;
  // Twenty slots overwritten in turn (ifMatch '*'), as a player saving over their own slot.
  const saveBody = () =>
    JSON.stringify({
      appId: 'synth',
      key: `bench slot ${saves++ % 20}`,
      data: { steps: [saves, saves + 1, saves + 2] },
      ifMatch: '*',
    });
  const submitBody = () =>
    JSON.stringify({
      game_id: 'whac-a-moji',
      player_name: 'bench',
      // Scores spread over the game's range, as real players' are (the rank count depends on it).
      score: Math.floor(Math.random() * 6000),
      duration: 300,
    });
  return { submitBody, saveBody };
}

export interface Call {
  id: string;
  label: string;
  options: autocannon.Options;
  paced: Target;
}

/** The four calls, against the API at apiUrl with a signed-in player's cookie. */
export function calls(apiUrl: string, cookie: string, { submitBody, saveBody }: Bodies): Call[] {
  return [
    {
      id: 'scores.top10',
      label: 'scores top-10 GET',
      options: { url: `${apiUrl}/api/scores/get.php?game_id=whac-a-moji` },
      paced: { url: `${apiUrl}/api/scores/get.php?game_id=whac-a-moji` },
    },
    {
      id: 'scores.submit',
      label: 'score submit POST',
      options: {
        url: `${apiUrl}/api/scores/submit.php`,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: submitBody() }),
          },
        ],
      },
      paced: {
        url: `${apiUrl}/api/scores/submit.php`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: submitBody,
      },
    },
    {
      id: 'saves.list',
      label: 'saves list GET',
      options: { url: `${apiUrl}/api/saves/list.php?appId=synth`, headers: { cookie } },
      paced: { url: `${apiUrl}/api/saves/list.php?appId=synth`, headers: { cookie } },
    },
    {
      id: 'saves.save',
      label: 'save POST (overwrite, 20 slots)',
      options: {
        url: `${apiUrl}/api/saves/save.php`,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            setupRequest: (request) => ({ ...request, body: saveBody() }),
          },
        ],
      },
      paced: {
        url: `${apiUrl}/api/saves/save.php`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: saveBody,
      },
    },
  ];
}

/**
 * The mixed profile of the two-server figures: of every 10 requests 7 are reads (4 top-10,
 * 3 saves lists) and 3 writes (2 submits, 1 save), in this order.
 */
export function mixedProfile(cookie: string, bodies: Bodies): NonNullable<PacedOptions['mix']> {
  const json = { 'content-type': 'application/json' };
  const top = { path: '/api/scores/get.php?game_id=whac-a-moji' };
  // Each server's own session cookie works on both: sessions live in the database.
  const list = { path: '/api/saves/list.php?appId=synth', headers: { cookie } };
  const submit = {
    path: '/api/scores/submit.php',
    method: 'POST' as const,
    headers: json,
    body: bodies.submitBody,
  };
  const save = {
    path: '/api/saves/save.php',
    method: 'POST' as const,
    headers: { ...json, cookie },
    body: bodies.saveBody,
  };
  return [top, list, top, submit, list, top, save, list, top, submit];
}

/** The mixed profile on one server, closed loop, for `duration` seconds. */
export function mixedAtSaturation(
  url: string,
  duration: number,
  mix: NonNullable<PacedOptions['mix']>,
): Promise<Load> {
  return load({
    url,
    connections: CONNECTIONS,
    duration,
    requests: mix.map((m) => ({
      method: m.method ?? 'GET',
      path: m.path,
      headers: m.headers,
      ...(m.body
        ? { setupRequest: (r: autocannon.Request) => ({ ...r, body: (m.body as () => string)() }) }
        : {}),
    })),
  });
}
