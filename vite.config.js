// Vite builds the playground in www/ into dist/. The wasm-bindgen output lives in www/pkg/
// (built by scripts/build-wasm.sh); the page and the engine worker share its one .wasm asset.
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'www',
  // Relative asset URLs, so a docs site can host the build under any sub-path.
  base: './',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  // The engine runs in a module worker; Vite's default worker format is iife.
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
