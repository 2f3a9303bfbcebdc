import { useEffect, useState } from 'react'
import { nextSlide, previousSlide, SLIDE_INTERVAL_MS } from '../lib/slider.ts'
import type { Picture } from '#schema/media.ts'
import { PictureImg } from './PictureImg.tsx'
import { useHydrated } from './use-hydrated.ts'
import './reference-slider.css'

type Props = {
  /** The slider images (pictureFor at build: the spec's 1920 px JPEG as the fallback, AVIF/WebP copies). */
  images: Picture[]
}

/** True while the user asks for reduced motion; then the slider never rotates on its own. */
function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false)
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)')
    setReduced(query.matches)
    const onChange = () => setReduced(query.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])
  return reduced
}

/** Auto-rotating image slider (2.5 s, wraps) that pauses on hover and keyboard focus; arrows and dots. */
export function ReferenceSlider({ images }: Props) {
  const count = images.length
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const reduced = useReducedMotion()
  const hydrated = useHydrated()
  const rotating = count > 1 && !hovered && !focused && !stopped && !reduced

  useEffect(() => {
    if (!rotating) return
    const timer = setInterval(() => setIndex((i) => nextSlide(i, count)), SLIDE_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [rotating, count, index])

  if (count === 0) return null
  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label="Referans görselleri"
      data-rotating={rotating}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      <div className="slider__viewport" aria-live={rotating ? 'off' : 'polite'}>
        <div
          className="slider__track"
          // No style attribute in the server's HTML (the CSP refuses inline styles); the first slide needs none.
          style={index ? { transform: `translateX(-${index * 100}%)` } : undefined}
        >
          {images.map((picture, i) => (
            <div
              key={`${i}-${picture.src}`}
              className="slider__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${count}`}
              aria-hidden={i !== index}
            >
              <PictureImg picture={picture} alt={`Referans görseli ${i + 1}`} eager={i === 0} />
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="slider__arrow slider__arrow--prev"
            aria-label="Önceki görsel"
            disabled={!hydrated}
            onClick={() => setIndex((i) => previousSlide(i, count))}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="slider__arrow slider__arrow--next"
            aria-label="Sonraki görsel"
            disabled={!hydrated}
            onClick={() => setIndex((i) => nextSlide(i, count))}
          >
            <span aria-hidden="true">›</span>
          </button>
          <div className="slider__controls">
            {!reduced && (
              <button
                type="button"
                className="slider__toggle"
                aria-label={stopped ? 'Otomatik geçişi başlat' : 'Otomatik geçişi durdur'}
                onClick={() => setStopped((s) => !s)}
              >
                <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
              </button>
            )}
            <div className="slider__dots">
              {images.map((src, i) => (
                <button
                  key={`${i}-${src}`}
                  type="button"
                  className="slider__dot"
                  aria-label={`${i + 1}. görsele git`}
                  aria-current={i === index ? 'true' : undefined}
                  disabled={!hydrated}
                  onClick={() => setIndex(i)}
                />
              ))}
            </div>
          </div>
        </>
      )}
    </section>
  )
}
