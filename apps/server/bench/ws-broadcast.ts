// Baseline for the fan-out figure: a bare `ws` server that broadcasts one message to
// every client when told to (POST /go), with nothing else in the way.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const server = http.createServer((req, res) => {
  if (req.url !== '/go') return res.writeHead(404).end();
  const body = JSON.stringify({
    message: {
      command: 'notification',
      data: {
        id: 1,
        message: 'Broadcast',
        url: '',
        timestamp: new Date().toISOString(),
        is_read: false,
        notification_level: ['HR'],
      },
    },
  });
  for (const c of wss.clients) c.send(body);
  res.writeHead(200).end();
});
const wss = new WebSocketServer({ server });
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  console.log(`Staff portal listening on http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`);
});
process.on('SIGTERM', () => process.exit(0));
