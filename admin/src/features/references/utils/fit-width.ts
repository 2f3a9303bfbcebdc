/** Size that keeps the aspect ratio and is at most `maxWidth` wide; smaller images keep their size. */
export function fitWidth(width: number, height: number, maxWidth: number) {
  if (width <= maxWidth || width <= 0) return { width, height }
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) }
}
