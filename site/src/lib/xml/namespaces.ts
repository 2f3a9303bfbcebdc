/** Namespace URIs the viewer matches on; prefixes in a file are free, so matching is always by URI. */
export const NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  xsl: 'http://www.w3.org/1999/XSL/Transform',
  xmlns: 'http://www.w3.org/2000/xmlns/',
  xml: 'http://www.w3.org/XML/1998/namespace',
} as const
