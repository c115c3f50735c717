import { builtinEnvironments, type Environment } from 'vitest/runtime';

/**
 * jsdom, with modules transformed as for Node (Vite's 'ssr') and Node's own binary types kept:
 * for data-layer tests that run the device's code against the real server app in the same
 * process, whose modules read `import.meta.url` as a file (the migrations folder) and whose
 * libraries check a key's bytes against Node's Uint8Array (jose), not jsdom's.
 */
const jsdom = builtinEnvironments.jsdom;
const KEPT = ['Uint8Array', 'ArrayBuffer', 'TextEncoder', 'TextDecoder', 'Blob'] as const;

export default {
  ...jsdom,
  name: 'jsdom-server',
  viteEnvironment: 'ssr',
  async setup(global, options) {
    const node = Object.fromEntries(KEPT.map((name) => [name, global[name]]));
    const environment = await jsdom.setup(global, options);
    Object.assign(global, node);
    return environment;
  },
} satisfies Environment;
