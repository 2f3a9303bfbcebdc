/** True when the name ends in .xml, in any letter case (spec section 5). */
export function isXmlFileName(name: string): boolean {
  return name.toLowerCase().endsWith('.xml')
}
