/** How a part of the page reports an outcome: success (the public site changes) or error text. */
export type Feedback = {
  ok: (text: string) => void
  fail: (text: string) => void
}
