import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` runs this dev server in front of the API (started beside it on API_PORT).
const apiPort = process.env.API_PORT ?? '8787';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
