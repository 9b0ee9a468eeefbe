import fs from 'node:fs/promises';

/** Linux: a process's name (/proc/<pid>/comm) and resident memory (VmRSS of /proc/<pid>/status). */
export async function procInfo(
  pid: number,
  root = '/proc',
): Promise<{ process: string | null; memory_bytes: number | null }> {
  const [comm, status] = await Promise.all([
    fs.readFile(`${root}/${pid}/comm`, 'utf8').catch(() => null),
    fs.readFile(`${root}/${pid}/status`, 'utf8').catch(() => null),
  ]);
  return { process: comm?.trim() || null, memory_bytes: status === null ? null : parseVmRss(status) };
}

/** `VmRSS:   12345 kB` → bytes; null when the line is missing (kernel threads, zombies). */
export function parseVmRss(status: string): number | null {
  const m = /^VmRSS:\s+(\d+)\s*kB/m.exec(status);
  return m ? Number(m[1]) * 1024 : null;
}
