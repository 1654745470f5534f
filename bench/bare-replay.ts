// The cached home page's yardstick (issue 30, part `ssr` of `npm run bench`): a bare node:http server answering
// GET / with exactly the bytes the app answered for its cached home page, recorded by bench/ssr.ts: its status,
// every header it sent in the order sent (but date, connection and keep-alive, which node adds itself), and its
// body, held as one Buffer. No framework, no routing, no cache lookup: what the app spends on a cached page beyond
// this is the framework's, its hooks' and its cache's.
//   PORT=… node --import tsx bench/bare-replay.ts /tmp/…/answer.json
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { RecordedAnswer } from './ssr';

const file = process.argv[2];
if (!file) {
  console.error('usage: node --import tsx bench/bare-replay.ts <recorded answer.json>');
  process.exit(2);
}
const answer = JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer;
const body = Buffer.from(answer.body, 'base64');
// writeHead takes names and values in one flat list: repeated headers stay repeated, as the app sent them.
const headers = answer.headers.flat();

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/') response.writeHead(answer.status, headers).end(body);
  else response.writeHead(404).end();
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT ?? 3998), '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
