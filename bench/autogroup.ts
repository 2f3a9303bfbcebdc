import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

/**
 * Why this exists: Linux groups processes by session ("autogroup", /proc/sys/kernel/sched_autogroup_enabled = 1 on
 * this machine) and shares the CPU fairly between the groups; a process's nice value only counts inside its own
 * group. So `nice -n -15 node bench/x.ts` gave a bench no priority over the other agents' sessions at all: the
 * group's own nice (/proc/<pid>/autogroup) does. `bench/prioritized.sh` starts a bench in a session of its own and
 * raises that group; this keeps processes that leave the session again inside the raise: chrome-launcher starts
 * Chromium detached (a new session, so a new group at nice 0), and Chromium did Lighthouse's measured work.
 *
 * Every 250 ms, each descendant of this process whose group's nice differs from ours gets ours (root may lower it).
 * Does nothing when our own group is not raised. Returns a stop function.
 */
export function followAutogroupNice(): () => void {
  const ours = niceOf('self')
  if (ours === null || ours >= 0) return () => {}
  const timer = setInterval(() => {
    for (const pid of descendants(process.pid)) {
      const theirs = niceOf(String(pid))
      if (theirs === null || theirs === ours) continue
      try {
        writeFileSync(`/proc/${pid}/autogroup`, String(ours))
      } catch {
        // gone meanwhile, or not ours to change
      }
    }
  }, 250)
  timer.unref()
  return () => clearInterval(timer)
}

/** The nice value of the process's autogroup ("/autogroup-123 nice -15"), or null. */
function niceOf(pid: string): number | null {
  try {
    const m = /nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'))
    return m ? Number(m[1]) : null
  } catch {
    return null
  }
}

/** Every process below `root`, from each process's parent in /proc/<pid>/stat. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const list = children.get(ppid) ?? []
      list.push(Number(name))
      children.set(ppid, list)
    } catch {
      // ended while we read
    }
  }
  const out: number[] = []
  const todo = [root]
  while (todo.length) for (const child of children.get(todo.pop()!) ?? []) (out.push(child), todo.push(child))
  return out
}
