import type { About } from '#schema/about.ts'
import type { ContactSettings } from '#schema/contact-settings.ts'
import type { Home } from '#schema/home.ts'

/** Shapes used when a content file does not exist yet. */
export const emptyContactSettings: ContactSettings = {
  title: '',
  logo: '',
  email: '',
  phone: '',
  address: '',
  whatsapp: '',
  mapUrl: '',
  aboutText: '',
  privacyNotice: '',
  socialLinks: { linkedin: '', instagram: '', facebook: '', twitter: '', youtube: '' },
}

export const emptyHome: Home = {
  banner: {
    backgroundMedia: '',
    poster: '',
    title: '',
    subtitle: '',
    button1: { text: 'Programlar', link: '/programlar' },
    button2: { text: 'Bize Ulaşın', link: '/bize-ulasin' },
  },
  services: { title: '', description: '', tree: [] },
  about: { image: '', title: '', description: '' },
  partners: { title: '', description: '', cards: [] },
  blog: { title: '', description: '' },
}

export const emptyAbout: About = {
  title1: '',
  title2: '',
  description1: '',
  image1: '',
  title3: '',
  description2: '',
  image2: '',
}
