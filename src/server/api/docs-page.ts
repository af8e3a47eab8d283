/** The page's one stylesheet, inline: its policy allows exactly this text, by hash (no script at all). */
export const DOCS_STYLE = `
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem 1.5rem;color:#1a1a1a;background:#f5f5f5}
h1{color:#2e3192}.op{background:#fff;border-radius:8px;padding:.5rem 1rem;margin:.75rem 0;box-shadow:0 1px 2px #0002}
h3{margin:.5rem 0;font-size:1.05rem}.m{display:inline-block;min-width:4.5rem;font-size:.8rem;padding:.1rem .4rem;border-radius:4px;color:#fff;background:#2e3192;text-align:center}
.m-post{background:#1e7b34}.m-put{background:#8a4b00}.m-delete{background:#b00020}pre{overflow:auto;background:#f0f0f0;padding:.5rem;border-radius:4px;font-size:.85rem}
summary{cursor:pointer}a{color:#2e3192}
`

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

interface Operation {
  summary?: string
  tags?: string[]
  parameters?: { name: string; in: string; required?: boolean }[]
  requestBody?: { content: Record<string, { schema: unknown }> }
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
}

/** A readable, dependency-free reference page rendered from the OpenAPI document. */
export function renderDocsPage(doc: { info: { title: string; version: string; description?: string }; paths: Record<string, Record<string, Operation>> }): string {
  const byTag = new Map<string, string[]>()
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other'
      const params = (op.parameters ?? []).map((p) => `<li><code>${escape(p.name)}</code> (${escape(p.in)}${p.required ? ', required' : ''})</li>`).join('')
      const body = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined
      const [status, response] = Object.entries(op.responses).find(([s]) => s !== 'default') ?? []
      const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-')
      const html = `<section class="op" id="${escape(id)}">
<h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p>${escape(op.summary ?? '')}</p>
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}
${body ? `<details><summary>Request body <code>${escape(body[0])}</code></summary><pre>${escape(JSON.stringify(body[1].schema, null, 2))}</pre></details>` : ''}
${response?.content ? `<details><summary>Response ${escape(status ?? '')}</summary><pre>${escape(JSON.stringify(Object.values(response.content)[0]?.schema, null, 2))}</pre></details>` : ''}
</section>`
      byTag.set(tag, [...(byTag.get(tag) ?? []), html])
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2>${escape(tag)}</h2>${ops.join('\n')}`).join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} ${escape(doc.info.version)}</title>
<style>${DOCS_STYLE}</style></head><body><main>
<h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1>
<p>${escape(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
${sections}
</main></body></html>`
}
