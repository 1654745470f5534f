import { describe, expect, it } from 'vitest';
import { benchTable } from './bench-table';

const round = { reqPerSec: 100, cpuMs: 100, requests: 100, cpuMsPerRequest: 1 };

describe('benchTable', () => {
  it("states each paired figure's rounds from its own results, and when each part ran", () => {
    const results = {
      javascript: [],
      api: {
        measuredAt: '2026-11-30T13:48:20.518Z',
        rows: [
          {
            database: 'PGlite',
            path: '/api/blogs?page=1&per_page=4',
            identicalJson: true,
            app: Array(7).fill(round),
            bare: Array(7).fill(round),
            ratio: 0.9,
            cpuRatio: 0.84,
          },
        ],
      },
      ssr: {
        measuredAt: '2026-11-29T06:53:34.452Z',
        replays: [
          {
            database: 'PGlite',
            path: '/',
            identicalAnswer: true,
            rounds: Array(5).fill({ replay: { reqPerSec: 1000, cpuMsPerRequest: 0.05 } }),
            ratio: 1,
            cpuRatio: 0.85,
          },
        ],
      },
    };
    const table = benchTable(results, '2 cores', '2026-11-30T13:48:20.518Z');
    expect(table).toContain(
      'PGlite: req/s ratio (CPU ratio, which the target reads), each the median of 7 paired rounds | 0.9 (0.84) | ≥ 0.85 | no |',
    );
    expect(table).toMatch(/app \/ bare replay of its answer, PGlite: .* median of 5 paired rounds;/);
    expect(table).toContain(
      'web undated, holds not run, ssr 2026-11-29, api (and the RSS idle and after load) 2026-11-30',
    );
  });
});
