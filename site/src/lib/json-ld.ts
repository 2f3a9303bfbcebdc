import { addressOf } from '#schema/address.ts'
import type { BlogPost } from '#schema/blog.ts'
import type { ContactSettings } from '#schema/contact-settings.ts'
import { isoDate } from './dates.ts'
import { absoluteUrl } from './site.ts'

/** schema.org Organization for the home page, from the contact settings. */
export function organizationJsonLd(
  settings: ContactSettings,
  brand: string,
  site: URL | string,
): Record<string, unknown> {
  const sameAs = Object.values(settings.socialLinks).filter((url) => url !== '')
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brand,
    url: absoluteUrl('/', site),
    ...(settings.logo && { logo: absoluteUrl(settings.logo, site) }),
    ...(settings.aboutText && { description: settings.aboutText }),
    ...(settings.email && { email: settings.email }),
    ...(settings.phone && { telephone: settings.phone }),
    ...(settings.address && {
      address: { '@type': 'PostalAddress', streetAddress: settings.address, addressCountry: 'TR' },
    }),
    ...(sameAs.length > 0 && { sameAs }),
  }
}

/** schema.org BlogPosting for a blog detail page. */
export function blogPostingJsonLd(
  post: BlogPost,
  brand: string,
  logo: string,
  site: URL | string,
): Record<string, unknown> {
  const url = absoluteUrl(`/blog/${addressOf(post)}`, site)
  const image = post.featuredImage || post.images[0]
  const published = isoDate(post.createdAt)
  const modified = isoDate(post.updatedAt) || published
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    inLanguage: 'tr-TR',
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: { '@type': 'Person', name: post.author },
    publisher: {
      '@type': 'Organization',
      name: brand,
      ...(logo && { logo: { '@type': 'ImageObject', url: absoluteUrl(logo, site) } }),
    },
    ...(published && { datePublished: published }),
    ...(modified && { dateModified: modified }),
    ...(image && { image: absoluteUrl(image, site) }),
    ...(post.tags.length > 0 && { keywords: post.tags.join(', ') }),
  }
}
