import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` to index.html for the named chunks and the chunks they
 * import, and `<link rel="stylesheet">` for their CSS, so that the browser fetches them with
 * the entry instead of after the entry has run and chosen what to import (issue #15, decision
 * 0093). Only for chunks every first load needs: the sign-in chunk is the sign-in page, and
 * the console imports it too.
 */
export function preloadChunks(names: readonly string[]): Plugin {
  return {
    name: 'lending:preload-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const base = '/';
        const files = new Set<string>();
        const styles = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
          files.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) add(imported);
        };
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && !output.isEntry && names.includes(output.name)) {
            add(output.fileName);
          }
        }
        const tags: HtmlTagDescriptor[] = [];
        for (const file of files) {
          if (html.includes(`${base}${file}"`)) continue;
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          });
        }
        for (const file of styles) {
          if (html.includes(`${base}${file}"`)) continue;
          tags.push({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          });
        }
        return { html, tags };
      },
    },
  };
}
