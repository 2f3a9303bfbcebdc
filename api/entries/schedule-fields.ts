import { msg } from '#schema/messages.ts'
import { scheduleOrderOk, type Scheduled } from '#schema/schedule.ts'
import { fail } from '../lib/errors.ts'

type Times = Pick<Scheduled, 'publishAt' | 'unpublishAt'>

/**
 * The schedule after a save: a field the form carried replaces the stored one ('' clears it); a field it did not
 * carry (clients of the spec know none) keeps what is stored. Undefined keys are left out of the stored JSON.
 */
export function savedSchedule(stored: Times | undefined, input: Times, sent: ReadonlySet<string>): Times {
  const pick = (name: keyof Times) => (sent.has(name) ? input[name] : stored?.[name])
  const out: Times = {}
  const publishAt = pick('publishAt')
  const unpublishAt = pick('unpublishAt')
  if (publishAt) out.publishAt = publishAt
  if (unpublishAt) out.unpublishAt = unpublishAt
  return out
}

/** `item` with exactly the schedule `times` (a cleared time leaves no key behind in the stored JSON). */
export function withSchedule<T extends Times>(item: T, times: Times): T {
  const { publishAt: _p, unpublishAt: _u, ...rest } = item
  return { ...rest, ...times } as T
}

/** savedSchedule, refused (400, on the field) when the item would be taken down before it is published. */
export function checkedSchedule(stored: Times | undefined, input: Times, sent: ReadonlySet<string>): Times {
  const times = savedSchedule(stored, input, sent)
  if (!scheduleOrderOk(times)) fail(400, msg.scheduleOrder, { unpublishAt: msg.scheduleOrder })
  return times
}
