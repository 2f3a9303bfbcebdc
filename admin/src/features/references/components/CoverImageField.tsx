import { UploadImageField } from '../../../components/UploadImageField.tsx'
import {
  COVER_RESIZE,
  fitsResize,
  PICK_MAX_BYTES,
  PICK_TOO_LARGE,
  resizeImage,
} from '../utils/resize-image.ts'

type Props = { url: string; onChange: (url: string) => void; error?: string }

/**
 * A reference card's 'Kapak görseli': shrunk in the browser to 800 px, JPEG 0.7 (spec section 9), then uploaded;
 * a library image wider than that (or not a JPEG) becomes a copy of that size.
 */
export function CoverImageField({ url, onChange, error }: Props) {
  return (
    <UploadImageField
      label="Kapak görseli"
      url={url}
      onChange={onChange}
      prepare={(file) => resizeImage(file, COVER_RESIZE)}
      fitsAsIs={(item) => fitsResize(item, COVER_RESIZE)}
      maxBytes={PICK_MAX_BYTES}
      tooLargeMessage={PICK_TOO_LARGE}
      hint="En fazla 800 px genişliğe küçültülür."
      error={error}
    />
  )
}
