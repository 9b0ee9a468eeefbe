import type { TTicket, TUser, TUserType } from '@portal/contracts';
import { vi } from 'vitest';

/** A user as auth/me answers it. */
export function makeUser(user_type: TUserType = 'HR', over: Partial<TUser> = {}): TUser {
  return {
    id: 7,
    username: user_type === 'INTERPRETER' ? 'interpreter01' : 'someone',
    email: 'someone@portal.example',
    first_name: 'Sam',
    last_name: 'One',
    user_type,
    is_director: false,
    is_manager: false,
    is_active: true,
    phone: '',
    avatar: '',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

type Reply = { status: number; body?: unknown; raw?: string; headers?: Record<string, string> } | Error;
type Handler = (request: Request) => Reply | Promise<Reply>;

/**
 * Stubs global fetch with handlers keyed by "METHOD /api/path/". Records every request
 * (with its Authorization header) for assertions.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: { key: string; authorization: string | null; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const text = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({
      key,
      authorization: request.headers.get('authorization'),
      body:
        text && !request.headers.get('content-type')?.startsWith('multipart/') ? JSON.parse(text) : text || undefined,
    });
    const handler = handlers[key];
    if (!handler) return new Response(JSON.stringify({ message: `no fake for ${key}` }), { status: 404 });
    const reply = await handler(request);
    if (reply instanceof Error) throw reply;
    return new Response(reply.raw ?? JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: { 'content-type': reply.raw ? 'text/html' : 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ticketPerson = (id: number, username: string, first_name = '', last_name = '') => ({
  id,
  username,
  first_name,
  last_name,
  user_type: 'HR' as const,
});

/** A ticket as the API answers it (HR's, to IT, open, no replies). */
export function makeTicket(over: Partial<TTicket> = {}): TTicket {
  return {
    id: 41,
    user: ticketPerson(3, 'hala', 'Hala', 'Rashed'),
    department: 'IT',
    subject: 'VPN drops',
    description: 'Every hour.',
    priority: 'normal',
    status: 'open',
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
    first_response_at: null,
    closed_at: null,
    reopen_until: null,
    waiting_since: '2026-11-22T10:00:00.000Z',
    assignee: null,
    sla: null,
    attachments: [],
    ticket_reply: [],
    ...over,
  };
}
