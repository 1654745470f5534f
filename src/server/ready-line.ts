import { isIPv6 } from 'node:net';

/** Node's answer for a listening socket's address (`server.address()`). */
interface ListeningAddress {
  address: string;
  port: number;
}

/**
 * What the server says once it listens: the address it really listens on (HOST=127.0.0.1 is not localhost
 * to a browser on another machine, nor is an IPv6 address), `localhost` when it listens on every interface, and
 * the site's public address (PUBLIC_URL, in links and e-mails) when that is another.
 */
export function readyLine(listening: ListeningAddress, publicUrl: string, database: string): string {
  const everyInterface = listening.address === '0.0.0.0' || listening.address === '::';
  const host = everyInterface
    ? 'localhost'
    : isIPv6(listening.address)
      ? `[${listening.address}]`
      : listening.address;
  const url = `http://${host}:${listening.port}`;
  const notes = [
    ...(everyInterface ? ['on every interface'] : []),
    ...(publicUrl === url ? [] : [`public address ${publicUrl}`]),
    `database: ${database}`,
  ];
  return `site ready at ${url} (${notes.join('; ')})`;
}
