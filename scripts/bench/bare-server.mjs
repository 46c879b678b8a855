// The yardstick of the public list: a bare node:http server, in its own process, answering each
// path with the bytes and headers the API answered it with (read from the JSON file named by the
// first argument: { "<path>": { "headers": {...}, "body": "<base64>" } }). Nothing per request but
// a lookup and the write. Prints "listening <port>" once it listens on 127.0.0.1.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const fixture = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const replies = new Map(
  Object.entries(fixture).map(([path, { headers, body }]) => {
    const bytes = Buffer.from(body, 'base64');
    return [path, { headers: { ...headers, 'content-length': String(bytes.length) }, bytes }];
  }),
);

const server = http.createServer((request, response) => {
  const reply = replies.get(request.url);
  if (!reply) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, reply.headers);
  response.end(reply.bytes);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
