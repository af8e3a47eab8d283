// `tsx --import ./scripts/lingui/register.mjs <entry>`: server code with Lingui catalogs and macros under tsx (./node-hooks.mjs).
import { register } from 'node:module'

register('./node-hooks.mjs', import.meta.url)
