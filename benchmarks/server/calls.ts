/** The calls profile.ts and compare.ts load, as autocannon options against one serve.ts. */
import type autocannon from 'autocannon';

/** Saves cycle through 20 slots, as in the bench's save profile. */
let saved = 0;

export function callOptions(call: string, base: string, cookie: string): autocannon.Options {
  const json = { 'content-type': 'application/json' };
  switch (call) {
    case 'top10':
      return { url: `${base}/api/scores/get.php?game_id=whac-a-moji` };
    case 'list':
      return { url: `${base}/api/saves/list.php?appId=synth`, headers: { cookie } };
    case 'submit':
      return {
        url: `${base}/api/scores/submit.php`,
        method: 'POST',
        headers: json,
        requests: [
          {
            setupRequest: (r) => ({
              ...r,
              body: JSON.stringify({
                game_id: 'whac-a-moji',
                player_name: 'bench',
                score: Math.floor(Math.random() * 6000),
                duration: 300,
              }),
            }),
          },
        ],
      };
    case 'save':
      return {
        url: `${base}/api/saves/save.php`,
        method: 'POST',
        headers: { ...json, cookie },
        requests: [
          {
            setupRequest: (r) => ({
              ...r,
              body: JSON.stringify({
                appId: 'synth',
                key: `slot ${saved++ % 20}`,
                data: { n: saved },
                ifMatch: '*',
              }),
            }),
          },
        ],
      };
    default:
      throw new Error(`unknown call ${call}: one of top10, list, submit, save`);
  }
}
