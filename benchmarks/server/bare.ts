/**
 * The ceiling: a bare node:http server answering fixed JSON. Same protocol as serve.ts.
 * BARE_BODY_FILE: the answer to every path (the API's top-10 answer when the bench hands it
 * over). BARE_BODY_DIR: `/<name>` answers the file `<name>.json` of that folder, so each call is
 * measured beside a ceiling that sends the same bytes it does (the kernel's loopback work
 * grows with them: a saves list answer is several times a top-10's).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const body = process.env.BARE_BODY_FILE
  ? fs.readFileSync(process.env.BARE_BODY_FILE, 'utf8')
  : JSON.stringify({ success: true, scores: [], game_config: null });
const bodies = new Map<string, string>();
const dir = process.env.BARE_BODY_DIR;
if (dir)
  for (const file of fs.readdirSync(dir))
    if (file.endsWith('.json'))
      bodies.set(`/${file.slice(0, -'.json'.length)}`, fs.readFileSync(path.join(dir, file), 'utf8'));
const server = http.createServer((req, res) => {
  const answer = (req.url && bodies.get(req.url)) ?? body;
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(answer),
  });
  res.end(answer);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
});
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
process.on('SIGTERM', () => process.exit(0));
