import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Written last: a build is complete (and fresh, for `npm start`) only once this exists. */
export const PRECOMPRESSED_STAMP = '.precompressed';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|map|xml)$/;
// Below this, headers and framing outweigh what compression saves.
const MIN_BYTES = 1024;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz, level 9) copy beside each compressible file of the build,
 * when it is smaller than the original. The server sends them as they are (`@fastify/static` `preCompressed`), so
 * the best compression costs nothing per request.
 */
export function precompress(outDir: string): Plugin {
  return {
    name: 'localreach-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const original = readFileSync(file);
        if (original.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(original, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        });
        if (brotli.length < original.length) writeFileSync(`${file}.br`, brotli);
        const gzip = gzipSync(original, { level: 9 });
        if (gzip.length < original.length) writeFileSync(`${file}.gz`, gzip);
      }
      writeFileSync(path.join(outDir, PRECOMPRESSED_STAMP), `${new Date().toISOString()}\n`);
    },
  };
}
