// Preloaded into a measured child (`node --import ./usage-at-exit.mjs …`): at exit, writes the
// process's own CPU time (user + system, every thread) and peak resident memory as JSON to the
// file named by HEXFORGE_USAGE_FILE. Node reports no such figures for a child it has waited for.
import { writeFileSync } from 'node:fs';

const file = process.env.HEXFORGE_USAGE_FILE;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, peakMiB: usage.maxRSS / 1024 }));
  });
}
