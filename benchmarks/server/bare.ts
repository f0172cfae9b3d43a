/** The ceiling: a bare node:http server answering a fixed JSON body. Same protocol as serve.ts. */
import fs from 'node:fs';
import http from 'node:http';

// The same bytes as the API's top-10 answer when the bench hands them over, so the ceiling is like for like.
const body = process.env.BARE_BODY_FILE
  ? fs.readFileSync(process.env.BARE_BODY_FILE, 'utf8')
  : JSON.stringify({ success: true, scores: [], game_config: null });
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
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
