// The server's memory while letters arrive (part `uploads` of `npm run bench`, issue 30): UPLOADS self-referrals
// (`POST /api/patients`, multipart, `is_referral` and `has_referral_letter` true) one after another, each
// carrying a letter of MAX_UPLOAD_BYTES (10 MB, the most a form takes): a valid PDF whose one page's content
// stream is padded with spaces to that length. Each comes from its own loopback address (127.0.2.x,
// `localAddress`; the server runs without TRUST_PROXY) and its own e-mail address, so the per-address limits
// (bookings a minute, referrals an hour, 64 MB of uploads a day) and the three referrals an hour per e-mail are
// not what answers. The server's RSS is read before, every 50 ms during (and its VmHWM, the kernel's own peak)
// and 5 s after. Target: peak under 450 MB, every letter accepted.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { MAX_UPLOAD_BYTES } from '../src/shared/uploads';

const UPLOADS = 60;
const SAMPLE_MS = 50;
const SETTLE_MS = 5_000;

export interface UploadFigures {
  database: string;
  uploads: number;
  letterBytes: number;
  /** Answers 201 (the referral stored with its letter). */
  accepted: number;
  /** Any other answer, by status and error code (or `error` when the request failed). */
  other: Record<string, number>;
  /** From the first request sent to the last answer received. */
  seconds: number;
  rssBeforeMb: number;
  /** The highest RSS sampled every SAMPLE_MS while the letters arrived. */
  rssPeakMb: number;
  /** VmHWM: the process's peak RSS since it started, as the kernel counts it (no sample can miss it). */
  rssHighWaterMb: number;
  rssAfterMb: number;
}

/** Resident memory of a process in MB (a tenth) and its peak so far, from /proc. */
function memoryMb(pid: number): { rss: number; highWater: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key: string) =>
    Math.round(Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) / 102.4) / 10;
  return { rss: mb('VmRSS'), highWater: mb('VmHWM') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A one-page PDF of exactly `bytes` bytes: the page's content stream is padded with spaces (a valid, empty
 * stream of operators), the cross-reference table points at each object.
 */
function paddedPdf(bytes: number): Buffer {
  const build = (padding: number) => {
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
      `<< /Length ${padding} >>\nstream\n${' '.repeat(padding)}\nendstream`,
    ];
    let text = '%PDF-1.4\n';
    const offsets: number[] = [];
    objects.forEach((object, index) => {
      offsets.push(text.length);
      text += `${index + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xref = text.length;
    text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
    text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return text;
  };
  // The padding's own length changes a few digits (the stream's /Length, the offsets after it): twice settles it.
  let padding = bytes - build(0).length;
  padding += bytes - build(padding).length;
  const pdf = Buffer.from(build(padding), 'latin1');
  if (pdf.length !== bytes) throw new Error(`the padded PDF is ${pdf.length} bytes, not ${bytes}`);
  return pdf;
}

/** The multipart body of one self-referral with its letter, as a browser sends the form (`patient[...]`). */
function referralForm(person: number, letter: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----bench-uploads-${person}`;
  const fields: Record<string, string> = {
    is_referral: 'true',
    has_referral_letter: 'true',
    full_name: 'Cian Murphy',
    // A mailbox of its own: the limit per e-mail counts `a+tag@` as `a@`.
    email: `cian.murphy${person}@example.ie`,
    phone: '0851234567',
    dob: '1984-06-01',
    signature: 'Cian Murphy',
  };
  const text = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="patient[${name}]"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="patient[referral_letter]"; filename="letter-${person}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(text + fileHead), letter, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** One form on a connection of its own from `localAddress`: `201`, another status with its error code, or `error`. */
function send(
  url: string,
  localAddress: string,
  form: { body: Buffer; contentType: string },
): Promise<string> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        localAddress,
        headers: { 'content-type': form.contentType, 'content-length': String(form.body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = String(res.statusCode);
          if (status === '201') return resolve(status);
          let code: unknown;
          try {
            code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: unknown }).code;
          } catch {
            // not JSON: the status alone
          }
          resolve(typeof code === 'string' ? `${status} ${code}` : status);
        });
        res.on('error', () => resolve('error'));
      },
    );
    req.on('error', () => resolve('error'));
    req.end(form.body);
  });
}

/** UPLOADS self-referrals with a 10 MB letter, one after another, to a running server whose process is `pid`. */
export async function measureUploads(baseUrl: string, pid: number, database: string): Promise<UploadFigures> {
  const letter = paddedPdf(MAX_UPLOAD_BYTES);
  await sleep(2_000);
  const rssBeforeMb = memoryMb(pid).rss;
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, memoryMb(pid).rss);
  }, SAMPLE_MS);
  const outcomes: Record<string, number> = {};
  const started = performance.now();
  try {
    for (let person = 1; person <= UPLOADS; person++) {
      const outcome = await send(
        `${baseUrl}/api/patients`,
        `127.0.2.${person}`,
        referralForm(person, letter),
      );
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const { rss, highWater } = memoryMb(pid);
  rssPeakMb = Math.max(rssPeakMb, rss);
  await sleep(SETTLE_MS);
  const { 201: accepted = 0, ...other } = outcomes;
  return {
    database,
    uploads: UPLOADS,
    letterBytes: letter.length,
    accepted,
    other,
    seconds,
    rssBeforeMb,
    rssPeakMb,
    rssHighWaterMb: highWater,
    rssAfterMb: memoryMb(pid).rss,
  };
}

export function printUploadsTable(figures: UploadFigures): void {
  const other = Object.entries(figures.other)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  console.log(
    `\nSelf-referrals with a ${Math.round(figures.letterBytes / 1024 / 1024)} MB letter, one after another, ${figures.database}:`,
  );
  console.log(
    `  ${figures.accepted} of ${figures.uploads} accepted${other ? ` (others ${other})` : ''} in ${figures.seconds} s`,
  );
  console.log(
    `  server RSS before ${figures.rssBeforeMb} MB, peak ${figures.rssPeakMb} MB sampled every ${SAMPLE_MS} ms (VmHWM ${figures.rssHighWaterMb} MB), ${SETTLE_MS / 1000} s after ${figures.rssAfterMb} MB`,
  );
}
