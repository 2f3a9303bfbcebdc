import type { Home } from '#schema/home.ts'

/** The banner buttons' defaults (spec 2): a blank text or link falls back to these, so both buttons always show. */
export const DEFAULT_BANNER_BUTTONS = [
  { text: 'Programlar', link: '/programlar' },
  { text: 'Bize Ulaşın', link: '/bize-ulasin' },
] as const

/** The two banner buttons with blank texts and links replaced by their defaults. */
export function bannerButtons(
  banner: Pick<Home['banner'], 'button1' | 'button2'>,
): { text: string; link: string }[] {
  return [banner.button1, banner.button2].map((button, i) => ({
    text: button?.text?.trim() || DEFAULT_BANNER_BUTTONS[i]!.text,
    link: button?.link?.trim() || DEFAULT_BANNER_BUTTONS[i]!.link,
  }))
}
