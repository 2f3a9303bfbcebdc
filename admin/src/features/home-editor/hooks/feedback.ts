/** How a section reports the outcome of a save: a banner text, and whether the public site changes. */
export type Feedback = {
  ok: (text: string) => void
  fail: (text: string) => void
}
