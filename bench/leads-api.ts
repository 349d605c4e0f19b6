import { CSV_CHUNK_ROWS } from '../contract/leads';

/** The leads API of a server at `base`, as the benches drive it: sign-up, CSV imports in the client's chunks. */
export function leadsApi(base: string) {
  function get(cookie: string, url: string) {
    return fetch(`${base}${url}`, { headers: { cookie } });
  }

  async function signUp(email: string): Promise<string> {
    const response = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'bench-password',
        companyName: 'Bench',
        industry: 'Testing',
        service: 'Speed',
        preferredLocalClients: 'Everyone',
      }),
    });
    const cookie = response.headers.get('set-cookie')?.split(';')[0];
    if (!response.ok || !cookie) throw new Error(`sign-up failed: ${await response.text()}`);
    return cookie;
  }

  /** Imports `total` rows, numbered from `first`, through the API in the upload dialog's chunks. */
  async function importLeads(cookie: string, total: number, first = 0) {
    const started = performance.now();
    for (let offset = first; offset < first + total; offset += CSV_CHUNK_ROWS) {
      const csvData = Array.from({ length: Math.min(CSV_CHUNK_ROWS, first + total - offset) }, (_, i) =>
        leadRow(offset + i),
      );
      const response = await fetch(`${base}/api/leads/upload-csv`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ csvData, firstRowNumber: offset + 2 }),
      });
      if (!response.ok) throw new Error(`chunk at ${offset}: ${response.status} ${await response.text()}`);
    }
    return { rows: total, seconds: (performance.now() - started) / 1000 };
  }

  /**
   * Times GET /api/auth/user every 100 ms until stopped: how the app answers while something else runs. `pause`
   * keeps the samples of moments the bench leaves out (its own baseline work) out of the figures.
   */
  function probeWhile(cookie: string) {
    const samples: number[] = [];
    let running = true;
    let paused = false;
    const loop = (async () => {
      while (running) {
        const started = performance.now();
        await get(cookie, '/api/auth/user');
        if (!paused) samples.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    return {
      pause() {
        paused = true;
      },
      resume() {
        paused = false;
      },
      async stop() {
        running = false;
        await loop;
        return samples;
      },
    };
  }

  return { get, signUp, importLeads, probeWhile };
}

/** One bench lead, numbered: the columns of the upload dialog plus a City custom field. */
export function leadRow(i: number) {
  return {
    Email: `lead${i}@bench-${i % 97}.test`,
    'First Name': `First${i}`,
    'Last Name': `Last${i}`,
    Company: `Company ${i % 5000}`,
    City: ['Austin', 'Denver', 'Tucson', 'Boise'][i % 4],
  };
}

/** The sample at a percentile, in ms with one decimal. */
export function percentileMs(samples: number[], percentile: number): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.ceil((percentile / 100) * sorted.length) - 1)] ?? 0).toFixed(1);
}
