// `node scripts/mail-catcher.mjs`: a mail server for development that keeps every message the site sends, so its
// links (a booking's manage link, a reminder) can be followed. Start the site with SMTP_URL=smtp://127.0.0.1:2525.
//   MAIL_CATCHER_PORT (2525) and MAIL_CATCHER_DIR (./mail) change where it listens and what it writes.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.MAIL_CATCHER_PORT ?? 2525);
const folder = process.env.MAIL_CATCHER_DIR ?? 'mail';
await mkdir(folder, { recursive: true });
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      count += 1;
      const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${count}.eml`);
      await writeFile(file, raw);
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '(no subject)';
      const to = session.envelope.rcptTo.map((recipient) => recipient.address).join(', ');
      const links = [...new Set(raw.replace(/=\r?\n/g, '').match(/https?:\/\/[^\s"<>)]+/g) ?? [])];
      console.log(`${to}: ${subject}\n  ${file}${links.length ? `\n  ${links.join('\n  ')}` : ''}`);
      callback();
    });
  },
});
server.listen(port, '127.0.0.1', () =>
  console.log(`keeping the site's e-mail in ${folder}/ (smtp://127.0.0.1:${port})`),
);
