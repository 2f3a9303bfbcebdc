import { z } from 'zod'
import { msg } from './messages.ts'

/**
 * Scheduled publish and unpublish of blog posts and social projects (issue 21). A time is ISO 8601 with an offset
 * ('2026-11-25T09:00:00+03:00' or '…Z'); the admin shows and takes it in Turkey's time.
 */
export type Scheduled = { status?: string; publishAt?: string; unpublishAt?: string }

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/** An optional schedule time in a form field: '' means none; otherwise ISO 8601 with an offset, kept as sent. */
export const scheduleTime = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || (ISO_WITH_OFFSET.test(v) && !Number.isNaN(Date.parse(v))), {
    error: msg.scheduleTimeInvalid,
  })

/** A stored schedule time. */
export const storedScheduleTime = z
  .string()
  .refine((v) => ISO_WITH_OFFSET.test(v) && !Number.isNaN(Date.parse(v)), { error: msg.scheduleTimeInvalid })
  .optional()

/** publishAt before unpublishAt, when both are set (otherwise the item would never be shown). */
export const scheduleOrderOk = (s: Scheduled): boolean =>
  !s.publishAt || !s.unpublishAt || Date.parse(s.publishAt) < Date.parse(s.unpublishAt)

const time = (v: string | undefined): number | null => {
  if (!v) return null
  const t = Date.parse(v)
  return Number.isNaN(t) ? null : t
}

/** Where an item stands at `now` (ms): a draft, scheduled for later, live, or taken down by its unpublishAt. */
export type ScheduleState = 'draft' | 'scheduled' | 'live' | 'ended'
export function scheduleState(item: Scheduled, now: number): ScheduleState {
  if (item.status === 'draft') return 'draft'
  const from = time(item.publishAt)
  const until = time(item.unpublishAt)
  if (until !== null && until <= now) return 'ended'
  if (from !== null && from > now) return 'scheduled'
  return 'live'
}

/** Shown on every public surface at `now`: not a draft (missing status = published), due, not yet taken down. */
export const isLiveAt = (item: Scheduled, now: number): boolean => scheduleState(item, now) === 'live'

/** The time an item counts as published: its publishAt, else its creation time (RSS, sitemap, list order). */
export const publishedAt = (item: { publishAt?: string; createdAt: string }): string => item.publishAt || item.createdAt

/** The next time after `now` at which any published item appears or disappears; null when none. */
export function nextChangeAfter(items: readonly Scheduled[], now: number): number | null {
  let next: number | null = null
  for (const item of items) {
    if (item.status === 'draft') continue
    for (const t of [time(item.publishAt), time(item.unpublishAt)])
      if (t !== null && t > now && (next === null || t < next)) next = t
  }
  return next
}
