import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          include: ["core/**/*.test.ts", "plugins/**/server/**/*.test.ts", "tests/**/*.test.ts"],
          exclude: ["tests/e2e/**", "node_modules/**"],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "web",
          environment: "happy-dom",
          include: ["web/**/*.test.tsx", "web/**/*.test.ts", "plugins/**/web/**/*.test.tsx", "plugins/**/web/**/*.test.ts", "tests/plugin-contract/**/*.test.tsx"],
          setupFiles: ["web/src/test/setup.ts"],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
