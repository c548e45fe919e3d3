/**
 * Idle memory: the server's resident set 5 s after boot, from /proc/<pid>/status (VmRSS),
 * once with no client and once after a login.   bun tests/bench/memory.ts
 */
import { readFileSync } from "node:fs";
import { benchServer, login, report } from "./support.ts";

const rssMiB = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return kb / 1024;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = await benchServer();
try {
  const pid = server.process.pid!;
  await sleep(5000);
  const idle = rssMiB(pid);
  await login(server.url);
  await sleep(1000);
  const afterLogin = rssMiB(pid);
  report("memory", { idle_rss: `${idle.toFixed(1)} MiB`, after_login_rss: `${afterLogin.toFixed(1)} MiB` });
} finally {
  await server.stop();
}
