import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json)$/;
/** Below this, the encoding headers cost about what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, which the
 * server sends to browsers that accept them (`preCompressed` in src/server/app.ts): on a slow
 * connection the code of `/` is a third of its size on the wire. Done once the other plugins have
 * written their last changes (compile hints, the service worker), at the highest levels, since a
 * build compresses once and every visit gains.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fleet:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      async handler() {
        for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
          const file = path.join(entry.parentPath, entry.name);
          const content = await readFile(file);
          if (content.length < MIN_BYTES) continue;
          await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
          await writeFile(
            `${file}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
        }
      },
    },
  };
}
