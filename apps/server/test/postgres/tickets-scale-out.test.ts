/**
 * Tickets across two server processes on one PostgreSQL: files are stored in the
 * database (any server serves them) and the live frames of a change made through one
 * server reach the sockets held by the other. PostgreSQL pass only (TEST_DATABASE_URL).
 */
import { describe, expect, it } from 'vitest';
import { makeApi, multipartBody, openSocket, ready } from '../harness.js';
import { tokenFor, twoServersOnPostgres } from './two-servers.js';

const startServers = twoServersOnPostgres();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('tickets on several servers', () => {
  it('an attachment stored through one server is served by the other, and live frames cross servers', async () => {
    const [first, second] = await startServers();
    const [hr, it] = [await tokenFor(first.url, 'hr'), await tokenFor(first.url, 'it')];

    // Sockets on the first server: the IT desk, and the owner's own channel.
    const desk = openSocket(first.url, '/ws/admins/', it);
    const owner = openSocket(first.url, '/ws/notification/', hr);
    await Promise.all([ready(desk), ready(owner)]);

    // The ticket, with a file, through the second server.
    const form = multipartBody({ department: 'IT', subject: 'Scanner broken', description: 'See the photo.' }, [
      { name: 'scanner.png', data: PNG, type: 'image/png' },
    ]);
    const created = await makeApi(second.url)<{ id: number; attachments: { url: string }[] }>(
      'POST',
      '/api/user/create_ticket/',
      { token: hr, form },
    );
    expect(created.status).toBe(201);
    const ticket = created.body;

    const news = await desk.next((m) => m.message?.command === 'admin_new_ticket');
    expect(news.message.data).toMatchObject({ id: ticket.id, subject: 'Scanner broken' });

    // The first server serves the bytes the second stored.
    const file = await fetch(`${first.url}${ticket.attachments[0]!.url}`, {
      headers: { authorization: `Bearer ${it}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    // Listed and answered through the second server; both sockets on the first hear of it.
    const list = await makeApi(second.url)('GET', '/api/user/active-tickets/?scope=desk', { token: it });
    expect(list.body.map((t: { id: number }) => t.id)).toContain(ticket.id);
    const answer = await makeApi(second.url)('PUT', `/api/user/active-tickets/${ticket.id}/`, {
      token: it,
      body: { reply: 'A new scanner is on its way.' },
    });
    expect(answer.status).toBe(200);
    const update = await desk.next((m) => m.message?.command === 'admin_update_ticket');
    expect(update.message).toMatchObject({
      ticket: ticket.id,
      status: 'answered',
      data: { body: 'A new scanner is on its way.' },
    });
    const mine = await owner.next((m) => m.message?.command === 'ticket_update');
    expect(mine.message).toMatchObject({ ticket: ticket.id, status: 'answered', data: { is_desk: true } });
    desk.ws.close();
    owner.ws.close();
  });
});
