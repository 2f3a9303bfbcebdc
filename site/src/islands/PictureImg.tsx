import type { Picture } from '#schema/media.ts'

type Props = {
  picture: Picture
  alt: string
  className?: string
  /** The image's display width per viewport, for the browser to choose a copy. */
  sizes?: string
  /** Above the fold: loaded at once and first. */
  eager?: boolean
}

/**
 * An island's content image, as Img.astro writes it for static pages: a <picture> with the AVIF and WebP copies
 * (srcset + sizes) when there are any, width and height (no layout shift), lazy unless above the fold.
 */
export function PictureImg({ picture, alt, className, sizes = '100vw', eager = false }: Props) {
  const img = (
    <img
      className={className}
      src={picture.src}
      alt={alt}
      width={picture.width}
      height={picture.height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  )
  if (picture.sources.length === 0) return img
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
