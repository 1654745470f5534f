import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { CROSS_SITE_MESSAGE } from './cross-site-guard';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const referralForm = (headers: Record<string, string>, url = '/api/patients') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'multipart/form-data; boundary=x', host: 'clinic.test', ...headers },
    payload: '--x\r\nContent-Disposition: form-data; name="patient[is_referral]"\r\n\r\ntrue\r\n--x--\r\n',
  });

describe('API writes a browser sends from another site', () => {
  it.each([
    ['Fetch Metadata says cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Fetch Metadata says same-site (another subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['no Fetch Metadata, another origin', { origin: 'https://evil.example' }],
    ['no Fetch Metadata, an opaque origin', { origin: 'null' }],
  ])('are refused with 403 before the form is read: %s', async (_case, headers) => {
    const response = await referralForm(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'cross_site', error_messages: CROSS_SITE_MESSAGE });
  });

  it('are refused under any spelling of the API path', async () => {
    const response = await referralForm({ 'sec-fetch-site': 'cross-site' }, '/%61pi/patients');
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['the clinic’s own pages', { 'sec-fetch-site': 'same-origin', origin: 'http://clinic.test' }],
    ['a browser without Fetch Metadata on the clinic’s origin', { origin: 'http://clinic.test' }],
    ['a call without a browser’s headers (a script, a webhook)', {}],
  ])('go on to the form’s own checks from %s', async (_case, headers) => {
    const response = await referralForm(headers);
    expect(response.statusCode).toBe(422);
  });

  it('leave reads alone: another site may link to or load public data', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/blogs?page=1&per_page=5',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the API’s no-store header', () => {
  it('comes with an answer however the API path is spelled', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%61pi/blogs?page=1&per_page=5' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
