import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** The web app's sources: the page, its styles and the TypeScript entry point. */
const WEB_SOURCE = path.resolve(import.meta.dirname, '..', 'web');
/** Where `npm run build` puts the web app (`rhizome serve` serves it from there). */
export const WEB_OUTPUT = path.resolve(import.meta.dirname, '..', 'dist', 'web');

/**
 * Builds the graph explorer into `outputDirectory`: `index.html`, `styles.css` and one minified
 * `app.js` bundling the page's code with cytoscape (no CDN, nothing fetched at run time).
 */
export async function buildWebApp(outputDirectory = WEB_OUTPUT): Promise<void> {
  rmSync(outputDirectory, { recursive: true, force: true });
  mkdirSync(outputDirectory, { recursive: true });
  await build({
    entryPoints: [path.join(WEB_SOURCE, 'src', 'main.ts')],
    outfile: path.join(outputDirectory, 'app.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    legalComments: 'linked',
    logLevel: 'warning',
  });
  for (const file of ['index.html', 'styles.css']) copyFileSync(path.join(WEB_SOURCE, file), path.join(outputDirectory, file));
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await buildWebApp();
