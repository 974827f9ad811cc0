import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { readBuildConfig } from './build-config.js';
import { callRequestLinesOnly } from './call-request-lines.js';
import { contractsResolve } from './contracts-resolve.js';
import { messageIdsOnly } from './message-ids-only.js';

const buildConfig = readBuildConfig(process.env);

/**
 * In dev, /admin and /admin/* get the client-only staff shell, as the gateway does in production
 * (routes.json prefix), so the two apps behave the same in both.
 */
interface DevServer {
  middlewares: { use(handler: (req: { url?: string }, res: unknown, next: () => void) => void): void };
}

function adminShellInDev(): PluginOption {
  return {
    name: 'mmdm-admin-shell-in-dev',
    configureServer(server: DevServer) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/admin(\/|\?|$)/.test(req.url)) req.url = '/admin.html';
        next();
      });
    },
  };
}

// @vitejs/plugin-react 5 declares its types against an older Vite's plugin type; it works with Vite 8, only the
// declared types differ.
const reactPlugin = react() as unknown as PluginOption;

/*
 * Three builds (see scripts/build.ts): the public site (index.html), the staff panel (`--mode admin`,
 * admin.html) and the SSR bundle the pre-renderer uses. The two apps are built apart on purpose: in one build they
 * would share a vendor chunk holding the union of what both use from react-router, and the public first load
 * would carry the staff panel's data router.
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  // The pre-renderer's bundle (SSR) keeps the English texts; the browser's reads them from the English catalogue.
  plugins: [reactPlugin, adminShellInDev(), callRequestLinesOnly(), ...(isSsrBuild ? [] : [messageIdsOnly()])],
  resolve: contractsResolve,
  // The only build-time value the browser code sees; everything else stays on the build machine.
  define: { __PUBLIC_URL__: JSON.stringify(buildConfig.publicUrl) },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', sourcemap: false, emptyOutDir: true }
    : {
        outDir: 'dist',
        assetsDir: 'assets',
        sourcemap: false,
        cssCodeSplit: true,
        // Chromium, Firefox and Safari all support modulepreload; the polyfill would only add bytes.
        modulePreload: { polyfill: false },
        // The public build empties dist/ and writes the manifest the pre-renderer reads; the admin build adds to it.
        emptyOutDir: mode !== 'admin',
        manifest: mode !== 'admin',
        // src/main.tsx (the app) is an entry of its own: src/boot.ts loads it by URL once the page has painted.
        rollupOptions: {
          input: mode === 'admin' ? 'admin.html' : { index: 'index.html', main: 'src/main.tsx' },
          // zod builds a schema by calling functions, which the bundler must otherwise assume have side effects:
          // every schema a shared contracts module defines would ship on every page that imports one of them.
          treeshake: { manualPureFunctions: ['z'] },
        },
      },
  server: {
    proxy: {
      '^/waitlist/.+': 'http://127.0.0.1:8080',
      '^/waitlist$': { target: 'http://127.0.0.1:8080', bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/api': 'http://127.0.0.1:8080',
    },
  },
}));
