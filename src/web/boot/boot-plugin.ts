/**
 * Build-time only (vite.config.ts), never in the page: builds boot.ts into one small classic
 * script, emits it as a hashed asset and links it first thing in index.html's <head>.
 */
import {
  build,
  normalizePath,
  runnerImport,
  type Plugin,
  type ResolvedConfig,
  type Rollup,
} from 'vite';
import type { Screen } from '../lib/screens.ts';

type Chunk = Rollup.OutputChunk;

/** A chunk's files and everything it imports statically, transitively (JS and CSS). */
function filesOf(chunk: Chunk, bundle: Rollup.OutputBundle, into = new Set<string>()) {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const name of chunk.imports) {
    const imported = bundle[name];
    if (imported?.type === 'chunk') filesOf(imported, bundle, into);
  }
  return into;
}

export function bootPlugin(): Plugin {
  let config: ResolvedConfig;
  let bootFile: string | undefined;
  return {
    name: 'codetube-boot',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const root = normalizePath(config.root);
      const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      // What index.html loads anyway is not fetched twice.
      if (!entry) this.error('no entry chunk');
      const loaded = filesOf(entry, bundle);
      const pageFiles: Record<string, string[]> = {};
      // The pages the boot script fetches ahead (their screen's codeAhead), read with Vite's own
      // loader: lib/screens.ts imports app modules, which the config's own loader need not read.
      const { module } = await runnerImport<{ SCREENS: Record<string, Screen> }>(
        `${root}/src/web/lib/screens.ts`,
        { configFile: false, root, logLevel: 'warn' },
      );
      const early = Object.values(module.SCREENS).filter((screen) => screen.codeAhead);
      for (const { page } of early) {
        if (!page) continue;
        const chunk = chunks.find((item) => item.facadeModuleId === `${root}/${page}`);
        if (!chunk) this.error(`no chunk for ${page}: is it still loaded with React.lazy?`);
        // The page's own lazy parts too: asked for with it, not after
        // its code has run (a round trip later on a slow phone).
        const files = filesOf(chunk, bundle);
        for (const name of chunk.dynamicImports) {
          const part = bundle[name];
          if (part?.type === 'chunk') filesOf(part, bundle, files);
        }
        pageFiles[page] = [...files]
          .filter((file) => !loaded.has(file))
          .map((file) => config.base + file);
      }
      const built = await build({
        configFile: false,
        root,
        mode: config.mode,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __BOOT_PAGE_FILES__: JSON.stringify(pageFiles),
          __BOOT_EARLY_REQUESTS__: JSON.stringify(config.env.VITE_BACKEND === 'server'),
        },
        build: {
          write: false,
          emptyOutDir: false,
          minify: true,
          lib: { entry: `${root}/src/web/boot/boot.ts`, formats: ['iife'], name: 'codetubeBoot' },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]) as Rollup.RollupOutput[];
      const code = outputs[0]?.output.find((item) => item.type === 'chunk')?.code;
      if (!code) this.error('the boot script did not build');
      const reference = this.emitFile({ type: 'asset', name: 'boot.js', source: code });
      bootFile = this.getFileName(reference);
    },
    transformIndexHtml: {
      order: 'post',
      // Right after the charset, before the stylesheets and the app's modules: a classic script
      // after stylesheets would wait for them to load before it runs.
      handler: (html) =>
        bootFile
          ? html.replace(
              /<meta charset="[^"]*" \/>/i,
              (charset) => `${charset}\n    <script src="${config.base}${bootFile}"></script>`,
            )
          : html,
    },
  };
}
