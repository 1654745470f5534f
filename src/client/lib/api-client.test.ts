import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBlog, listBlogs } from '../../shared/api/blog-endpoints';
import { getManagedBooking, moveManagedBooking } from '../../shared/api/manage-booking-endpoints';
import { releaseSlotHold } from '../../shared/api/slot-endpoints';
import { ApiError, apiRequest, callEndpoint, setUnauthorizedHandler } from './api-client';
import { apiDownload, fileNameFromDisposition } from './api-download';
import { endpointQueryKey } from './query-client';

describe('fileNameFromDisposition', () => {
  it('reads the quoted, bare and UTF-8 file names', () => {
    expect(fileNameFromDisposition('attachment; filename="Appointments.csv"')).toBe('Appointments.csv');
    expect(fileNameFromDisposition('attachment; filename=Appointments.csv')).toBe('Appointments.csv');
    expect(
      fileNameFromDisposition(
        `attachment; filename="Result.pdf"; filename*=UTF-8''R%C3%A9sultat%20d%27Aoife.pdf`,
      ),
    ).toBe("Résultat d'Aoife.pdf");
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".pdf"')).toBe('say "hi".pdf');
  });

  it('drops paths and answers undefined without a name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename="C:\\\\temp\\\\a.pdf"')).toBe('a.pdf');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A")).toBeUndefined();
  });
});

describe('apiDownload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and answers the bytes with the server’s file name', async () => {
    const storage = new Map([['auth_token', 'secret-token']]);
    vi.stubGlobal('window', { localStorage: { getItem: (key: string) => storage.get(key) ?? null } });
    const fetchMock = vi.fn(
      async () =>
        new Response('\uFEFFPatient name\n', {
          headers: { 'content-disposition': 'attachment; filename="Appointments.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await apiDownload('/api/admin/export_transactions?is_video_call=false');
    expect(file.fileName).toBe('Appointments.csv');
    // The bytes as sent, the BOM included (Blob.text() would drop it while decoding).
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Patient name\n');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/export_transactions?is_video_call=false');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer secret-token');
  });

  it('throws the server’s error text, as apiRequest does', async () => {
    vi.stubGlobal('window', { localStorage: { getItem: () => null } });
    vi.stubGlobal('fetch', async () => Response.json({ error_messages: 'File not found' }, { status: 404 }));
    await expect(apiDownload('/api/admin/upload_results/x')).rejects.toMatchObject({
      status: 404,
      message: 'File not found',
    });
    await expect(apiRequest('/api/admin/transactions/9')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('callEndpoint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends its endpoint's method and path, with the call's parameters, body and token headers", async () => {
    vi.stubGlobal('window', { localStorage: { getItem: () => null } });
    const fetchMock = vi.fn(async () => Response.json({ booking: { reference: 'AB12' } }));
    vi.stubGlobal('fetch', fetchMock);
    await callEndpoint(moveManagedBooking, {
      params: { reference: 'AB 12' },
      json: { session_id: 7 },
      headers: { manageToken: 'link-token', holdToken: undefined },
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/bookings/AB%2012/move');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"session_id":7}');
    const headers = init.headers as Record<string, string>;
    expect(headers['x-manage-token']).toBe('link-token');
    expect(headers['content-type']).toBe('application/json');
    // A header value left undefined is not sent.
    expect(Object.keys(headers)).not.toContain('x-hold-token');
  });

  it('answers nothing for a 204 and keys its reads as the server renderer does', async () => {
    vi.stubGlobal('window', { localStorage: { getItem: () => null } });
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    await expect(
      callEndpoint(releaseSlotHold, { params: { id: 4 }, headers: { holdToken: 't' } }),
    ).resolves.toBe(undefined);
    expect(endpointQueryKey(listBlogs, { query: { page: 2, per_page: 9 } })).toEqual([
      '/api/blogs',
      { page: 2, per_page: 9 },
    ]);
    expect(endpointQueryKey(getBlog, { params: { slugOrId: 'pollen' } })).toEqual(['/api/blogs/pollen']);
  });

  it("refuses at compile time a call without its path's parameters, with a header or body its endpoint does not read", () => {
    const neverCalled = () => {
      // @ts-expect-error the path's reference left out
      void callEndpoint(getManagedBooking, { headers: { manageToken: 't' } });
      // @ts-expect-error a header the endpoint does not read
      void callEndpoint(getManagedBooking, { params: { reference: 'r' }, headers: { holdToken: 't' } });
      // @ts-expect-error a body the endpoint does not take
      void callEndpoint(getBlog, { params: { slugOrId: 'a' }, json: {} });
      // @ts-expect-error only reads are cached
      void endpointQueryKey(releaseSlotHold, { params: { id: 1 } });
    };
    expect(neverCalled).toBeTypeOf('function');
  });
});

describe('a 401 to a signed-in call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('forgets the token and hands the unauthorized handler the code and text saying why', async () => {
    const storage = new Map([['auth_token', 'old-token']]);
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        removeItem: (key: string) => storage.delete(key),
      },
    });
    const body = {
      code: 'session_idle',
      error_messages: 'You were signed out after 30 minutes without activity.',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(body, { status: 401 })),
    );
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await expect(apiRequest('/api/admin/me')).rejects.toMatchObject({ status: 401, code: 'session_idle' });
    expect(storage.has('auth_token')).toBe(false);
    expect(handler).toHaveBeenCalledWith({ code: 'session_idle', message: body.error_messages });
  });
});

describe('several calls refused together', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sign out once: the first 401 clears the token, the others find it gone', async () => {
    const storage = new Map([['auth_token', 'old-token']]);
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        removeItem: (key: string) => storage.delete(key),
      },
    });
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
    );
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const calls = [apiRequest('/api/admin/me'), apiRequest('/api/admin/dashboard')].map((call) =>
      call.catch((error: unknown) => error),
    );
    for (const answer of answers)
      answer(Response.json({ code: 'unauthorized', error_messages: 'x' }, { status: 401 }));
    await Promise.all(calls);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
