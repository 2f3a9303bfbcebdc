import type { ContactSettings } from '#schema/contact-settings.ts'

export const socialKeys = ['linkedin', 'instagram', 'facebook', 'twitter', 'youtube'] as const
export type SocialKey = (typeof socialKeys)[number]
export const socialLabels: Record<SocialKey, string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'Twitter (X)',
  youtube: 'YouTube',
}

export type SettingsValues = Omit<ContactSettings, 'logo' | 'socialLinks'> & {
  socialLinks: Record<SocialKey, string>
}

/** Form values from whatever the server sent (missing fields become ''). */
export function toValues(s: Partial<ContactSettings>): SettingsValues {
  const links = (s.socialLinks ?? {}) as Partial<Record<SocialKey, string>>
  return {
    title: s.title ?? '',
    address: s.address ?? '',
    email: s.email ?? '',
    phone: s.phone ?? '',
    whatsapp: s.whatsapp ?? '',
    mapUrl: s.mapUrl ?? '',
    aboutText: s.aboutText ?? '',
    privacyNotice: s.privacyNotice ?? '',
    socialLinks: Object.fromEntries(socialKeys.map((k) => [k, links[k] ?? ''])) as Record<SocialKey, string>,
  }
}
