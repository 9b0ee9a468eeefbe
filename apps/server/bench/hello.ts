// The baseline: a bare Fastify route on the same machine, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
console.log(`Staff portal listening on http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
