/**
 * Manager reports across two server processes on one PostgreSQL: a report's files are
 * stored in the database, so a report written through one server (with its attachment)
 * is read, downloaded and printed through the other. PostgreSQL pass only.
 */
import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../factories.js';
import { makeApi, multipartBody } from '../harness.js';
import { tokenFor, twoServersOnPostgres } from './two-servers.js';

const startServers = twoServersOnPostgres();

describe('reports on several servers', () => {
  it('a report with a file written through one server is served, as a file and a PDF, by the other', async () => {
    const [first, second] = await startServers();
    const manager = await tokenFor(first.url, 'manager.it');
    const director = await tokenFor(first.url, 'director.gi');

    const form = multipartBody(
      {
        title: 'Across servers',
        type: 'incident',
        subjects: '["it"]',
        period_from: '2026-10-01',
        period_to: '2026-10-02',
        body: '<p>Two servers, one report.</p>',
        submit: 'true',
      },
      [{ name: 'screen.png', data: TINY_PNG, type: 'image/png' }],
    );
    const created = await makeApi(second.url)<{ id: number; attachments: { url: string }[] }>('POST', '/api/reports/', {
      token: manager,
      form,
    });
    expect(created.status).toBe(201);
    const report = created.body;

    const read = await makeApi(first.url)('GET', `/api/reports/${report.id}/`, { token: director });
    expect(read.status).toBe(200);
    expect(read.body.title).toBe('Across servers');
    const file = await fetch(first.url + report.attachments[0]!.url, {
      headers: { authorization: `Bearer ${director}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    const pdf = await fetch(`${first.url}/api/reports/${report.id}/pdf/?lang=ar`, {
      headers: { authorization: `Bearer ${director}` },
    });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
