import { isbot } from 'isbot'

/** What a page view tells the statistics: whether a bot asked, and which site (domain only) linked to it. */
export type VisitFacts = { bot: boolean; referrer: string | null }

/** What the request said; nothing of it is stored (KVKK: no user agent, no address, no full referring address). */
export type VisitHeaders = { userAgent?: string; referer?: string; host?: string }

/** User agents repeat: the answer of the maintained bot list (`isbot`) is remembered per distinct value. */
const botAnswers = new Map<string, boolean>()
function isBot(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent)
  if (answer === undefined) {
    answer = isbot(userAgent)
    if (botAnswers.size > 2000) botAnswers.clear()
    botAnswers.set(userAgent, answer)
  }
  return answer
}

/** The referring site's domain ('www.' dropped), or null for none, our own site or something not a web address. */
export function referrerDomain(referer: string | undefined, ownHost: string | undefined): string | null {
  if (!referer) return null
  let url: URL
  try {
    url = new URL(referer)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const domain = url.hostname
    .toLowerCase()
    .replace(/^www\./, '')
    .slice(0, 253)
  const own = ownHost
    ?.toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
  if (!domain || domain === own) return null
  return domain
}

/** Referring addresses repeat too (a search engine's, a newsletter's): the domain is remembered per address and host. */
const referrerAnswers = new Map<string, string | null>()
function referrerOf(referer: string | undefined, host: string | undefined): string | null {
  if (!referer) return null
  const id = `${host ?? ''} ${referer}`
  let answer = referrerAnswers.get(id)
  if (answer === undefined) {
    answer = referrerDomain(referer, host)
    if (referrerAnswers.size > 2000) referrerAnswers.clear()
    referrerAnswers.set(id, answer)
  }
  return answer
}

/** Called for every counted page answer: no parsing for a user agent or referring address seen lately. */
export function visitFacts(headers: VisitHeaders): VisitFacts {
  return {
    bot: headers.userAgent ? isBot(headers.userAgent) : false,
    referrer: referrerOf(headers.referer, headers.host),
  }
}
