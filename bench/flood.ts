// `/api/health` latency while deep JSON floods the server (part `flood` of `npm run bench`): FLOOD_CONCURRENCY
// requests at a time, each 1 MB of `[[[[…` to the public contact form (the JSON endpoint anyone can reach),
// each replaced as soon as it is answered, for FLOOD_MS; meanwhile one visitor asks `/api/health` again and
// again on its keep-alive connection. Half the flood announces its length (refused by it), half is sent
// chunked (read up to the route's limit, then refused), each request from its own loopback address
// (127.1.x.y, `localAddress`), so the contact form's per-address rate limit is not what answers. Before the
// fix a body was parsed before its depth was checked: 20 such requests delayed everything else by seconds.
// Target: health p99 at most 100 ms.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { processCpuMs } from './holds';

const FLOOD_CONCURRENCY = 20;
const FLOOD_BYTES = 1024 * 1024;
const FLOOD_MS = 6_000;
/** Health answers before the flood, for comparison. */
const BASELINE_PROBES = 300;

export interface FloodFigures {
  concurrency: number;
  bodyBytes: number;
  /** Flood requests sent, and how they ended (status, or `reset` when the server closed mid-body). */
  floodRequests: number;
  floodOutcomes: Record<string, number>;
  /** Health answers during the flood and their latency. */
  probes: number;
  probeErrors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The same without the flood. */
  baselineP50Ms: number;
  baselineP99Ms: number;
  /** The server's CPU time per flood request (user + system). */
  serverCpuMsPerFloodRequest?: number;
}

const DEEP = Buffer.alloc(FLOOD_BYTES, 0x5b);

/** Nearest-rank percentile, rounded to 0.1 ms. */
function percentile(sorted: number[], p: number): number {
  const value = sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return Math.round(value * 10) / 10;
}

/** One GET of /api/health on the keep-alive `agent`: its latency in ms, or undefined when it failed. */
function probe(url: string, agent: Agent): Promise<number | undefined> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : undefined));
      res.on('error', () => resolve(undefined));
    });
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

let addressCounter = 0;
/** A loopback address used once: 127.1.0.1 onwards. */
function nextAddress(): string {
  addressCounter += 1;
  return `127.1.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** One flood request on a connection of its own: answers its status, or `reset`. */
function floodOnce(url: string, chunked: boolean): Promise<string> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: string) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        localAddress: nextAddress(),
        headers: {
          'content-type': 'application/json',
          ...(chunked ? {} : { 'content-length': String(FLOOD_BYTES) }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => settle(String(res.statusCode)));
        res.on('error', () => settle(String(res.statusCode)));
      },
    );
    req.on('error', () => settle('reset'));
    if (chunked) {
      // Sent in pieces, as a slow client would: the server stops reading at the route's limit.
      for (let offset = 0; offset < FLOOD_BYTES; offset += 64 * 1024)
        req.write(DEEP.subarray(offset, offset + 64 * 1024));
      req.end();
    } else req.end(DEEP);
  });
}

export async function measureFlood(baseUrl: string, serverPid?: number): Promise<FloodFigures> {
  const healthUrl = `${baseUrl}/api/health`;
  const contactUrl = `${baseUrl}/api/contact_us`;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  const baseline: number[] = [];
  for (let index = 0; index < BASELINE_PROBES; index += 1) {
    const ms = await probe(healthUrl, agent);
    if (ms !== undefined) baseline.push(ms);
  }
  // The flood must be refused as bad input (not by the rate limit, not served, not a fault) to measure anything.
  for (const chunked of [false, true]) {
    const outcome = await floodOnce(contactUrl, chunked);
    if (!['400', '413', 'reset'].includes(outcome))
      throw new Error(`a flood request answered ${outcome}, not 400 or 413`);
  }

  const outcomes: Record<string, number> = {};
  let floodRequests = 0;
  let flooding = true;
  const cpuBefore = processCpuMs(serverPid);
  const loops = Array.from({ length: FLOOD_CONCURRENCY }, async (_, index) => {
    while (flooding) {
      const outcome = await floodOnce(contactUrl, index % 2 === 1);
      floodRequests += 1;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  });
  const latencies: number[] = [];
  let probeErrors = 0;
  const stopAt = performance.now() + FLOOD_MS;
  while (performance.now() < stopAt) {
    const ms = await probe(healthUrl, agent);
    if (ms === undefined) probeErrors += 1;
    else latencies.push(ms);
  }
  flooding = false;
  await Promise.all(loops);
  const cpuAfter = processCpuMs(serverPid);
  agent.destroy();

  latencies.sort((a, b) => a - b);
  baseline.sort((a, b) => a - b);
  return {
    concurrency: FLOOD_CONCURRENCY,
    bodyBytes: FLOOD_BYTES,
    floodRequests,
    floodOutcomes: outcomes,
    probes: latencies.length,
    probeErrors,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: percentile(latencies, 100),
    baselineP50Ms: percentile(baseline, 50),
    baselineP99Ms: percentile(baseline, 99),
    ...(cpuBefore !== undefined && cpuAfter !== undefined && floodRequests > 0
      ? { serverCpuMsPerFloodRequest: Math.round(((cpuAfter - cpuBefore) / floodRequests) * 100) / 100 }
      : {}),
  };
}

export function printFloodTable(figures: FloodFigures): void {
  console.log(
    `\n/api/health while ${figures.concurrency} requests of ${figures.bodyBytes / 1024 / 1024} MB of nested [ arrive at a time:`,
  );
  console.log(
    `  health p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms over ${figures.probes} answers (${figures.probeErrors} failed); without the flood p50 ${figures.baselineP50Ms} ms, p99 ${figures.baselineP99Ms} ms`,
  );
  console.log(
    `  flood: ${figures.floodRequests} requests, ${JSON.stringify(figures.floodOutcomes)}, server CPU ${figures.serverCpuMsPerFloodRequest ?? '?'} ms each`,
  );
}
