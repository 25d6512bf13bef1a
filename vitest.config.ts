import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// the folders both servers import (tsconfig.json's paths); every project extends these
const shared = {
  "~contract": fileURLToPath(new URL("./contract", import.meta.url)),
  "~shared": fileURLToPath(new URL("./shared", import.meta.url)),
};

export default defineConfig({
  resolve: { alias: shared },
  test: {
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          // files share a worker process so PGlite's WebAssembly and the template dump load once
          // per worker; each file still gets its own database
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "slow",
          include: ["tests/slow/**/*.test.ts"],
          environment: "node",
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "scale",
          include: ["tests/scale/**/*.test.ts"],
          environment: "node",
          // real processes (2 admin + 2 API on PostgreSQL and s3rver): slow to start and stop
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        resolve: { alias: { ...shared, "~": fileURLToPath(new URL("./app", import.meta.url)) } },
        test: {
          name: "routes",
          include: ["tests/routes/**/*.test.ts"],
          environment: "node",
          // every worker gets its own API on a fresh seeded database (started in the main process)
          globalSetup: ["tests/support/routes-global-setup.ts"],
          setupFiles: ["tests/support/routes-setup.ts"],
        },
      },
    ],
  },
});
