import { readdirSync, readFileSync } from 'node:fs';

/**
 * Ending a whole process group: a bridged program and whatever it started. SIGTERM goes
 * to the group; what still runs after the grace period gets SIGKILL, and the stop waits
 * until nothing of the group runs.
 *
 * "Runs" is read from /proc on Linux: a process that has died but whose parent has not
 * yet read its status (a zombie) is gone for this purpose, and so is the group once only
 * zombies are left. Asking the kernel with signal 0 counts zombies as members, and a
 * helper orphaned by its program waits as a zombie until whoever adopted it reads its
 * status, which in a container may be never. Elsewhere, signal 0 is all there is.
 */

/** A group still running this long after SIGTERM gets SIGKILL. */
export const STOP_GRACE_MS = 2000;
/** How long the stop waits for SIGKILL to take, at most. */
const KILL_WAIT_MS = 1000;
const POLL_MS = 50;

/** Sends a signal to every process of a group; false when the kernel knows no such group. */
export function signalGroup(groupId: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-groupId, signal);
    return true;
  } catch {
    return false;
  }
}

/** The processes of a group that have not died, from /proc/PID/stat: "pid (comm) state ppid pgrp …". */
function hasLiveMember(groupId: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // The command name may hold spaces and parentheses: the fields after it start at the last ")".
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(group) === groupId && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

export function isGroupRunning(groupId: number): boolean {
  if (!signalGroup(groupId, 0)) return false;
  return process.platform === 'linux' ? hasLiveMember(groupId) : true;
}

async function waitUntilEnded(groupId: number, limitMs: number): Promise<boolean> {
  for (let waited = 0; waited < limitMs; waited += POLL_MS) {
    if (!isGroupRunning(groupId)) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return !isGroupRunning(groupId);
}

/** SIGTERM to the group, SIGKILL to whatever of it still runs after the grace period; resolves once none of it runs (or the kill's wait is over). */
export async function endGroup(groupId: number): Promise<void> {
  if (!signalGroup(groupId, 'SIGTERM')) return;
  if (await waitUntilEnded(groupId, STOP_GRACE_MS)) return;
  signalGroup(groupId, 'SIGKILL');
  await waitUntilEnded(groupId, KILL_WAIT_MS);
}
