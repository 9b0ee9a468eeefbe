type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) collectRefs(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        into.add(v.slice('#/components/schemas/'.length));
      } else collectRefs(v, into);
    }
  }
}

/**
 * The document without component schemas no operation reaches: zod's global registry
 * holds every named contract schema, used by a route or not, and an unused component
 * only misleads readers of the document (and fails Redocly's `no-unused-components`).
 */
export function withoutUnusedSchemas<D>(document: D): D {
  const doc = document as { paths?: Json; components?: { schemas?: Record<string, Json> } };
  const schemas = doc.components?.schemas;
  if (!schemas) return document;
  const used = new Set<string>();
  collectRefs(doc.paths, used);
  // Schemas named by used schemas are used too, to any depth.
  for (let grew = true; grew;) {
    const before = used.size;
    for (const name of [...used]) collectRefs(schemas[name], used);
    grew = used.size > before;
  }
  doc.components!.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return document;
}
