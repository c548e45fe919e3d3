declare const Bun: { unsafe?: { setJITPolicy?(scale: number): void } } | undefined;

/**
 * The single binary starts with the JIT reluctant (tests/tools/build-binary.ts, `jitPolicy`),
 * so that boot's run-once code stays in the interpreter instead of being compiled (issue 17:
 * idle memory and boot time). The policy is per thread: the server turns it back to normal once
 * it answers, and each worker at its start, so hot code compiles as usual. No-op outside Bun.
 */
export function restoreJitPolicy(): void {
  if (typeof Bun !== "undefined") Bun.unsafe?.setJITPolicy?.(1);
}
