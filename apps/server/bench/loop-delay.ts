/**
 * Event-loop delay while `work` runs: a 1 ms interval timer records how late each tick
 * is. (perf_hooks' monitorEventLoopDelay missed a 475 ms synchronous block here, so the
 * lateness is measured directly.)
 */
export async function loopDelayDuring(work: () => Promise<void>) {
  const delays: number[] = [];
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    delays.push(Math.max(0, now - last - 1));
    last = now;
  }, 1);
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  // One more tick, so a loop blocked to the very end is counted.
  await new Promise((r) => setTimeout(r, 5));
  clearInterval(tick);
  delays.sort((a, b) => a - b);
  const p99 = delays[Math.min(delays.length - 1, Math.floor(delays.length * 0.99))] ?? 0;
  return { p99, max: delays.at(-1) ?? 0, ms };
}
