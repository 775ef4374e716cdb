/**
 * Stopping processes whole (SIGSTOP), as a long GC pause or a busy loop would, and going on (SIGCONT). The
 * kernel stops a process a moment after the signal, not at once: `frozen` waits until /proc says every one is
 * stopped ('T') before it runs what must happen while they are, so nothing depends on how fast that moment is.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/** The state letter of /proc/<pid>/stat ('R' running, 'S' sleeping, 'T' stopped ...). */
function stateOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The name in parentheses may hold spaces: the state follows its closing parenthesis.
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

/** Runs `during` while every child is stopped; they go on afterwards, whatever `during` did. */
export async function frozen<T>(children: readonly ChildProcess[], during: () => Promise<T>): Promise<T> {
  const pids = children.map((child) => {
    if (child.pid === undefined) throw new Error('a child without a process id');
    return child.pid;
  });
  try {
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    for (const pid of pids) await expect.poll(() => stateOf(pid)).toBe('T');
    return await during();
  } finally {
    for (const pid of pids) process.kill(pid, 'SIGCONT');
  }
}
