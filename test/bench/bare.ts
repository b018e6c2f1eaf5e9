// The yardstick of `npm run bench`: a bare Fastify route in its own process, answering a small JSON body; and one
// answering a JSON body of a given size from memory (`/bare/bytes/:size`), to tell what sending a large answer alone
// costs on this machine (what a path whose answer is kept as bytes could at best reach).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
const bodies = new Map<number, string>();
app.get<{ Params: { size: string } }>('/bare/bytes/:size', async (request, reply) => {
  const size = Math.max(16, Math.min(10_000_000, Number(request.params.size) || 0));
  let body = bodies.get(size);
  if (body === undefined) bodies.set(size, (body = `{"data":"${'x'.repeat(size - 12)}"}`));
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`bare Fastify ready at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
