import { counties } from '~/contract/counties'

/**
 * Romanian words people build passwords from, most likely first (zxcvbn ranks a word by its
 * position): the common breached-password lists are mostly English, so `parola2024` or
 * `Bucuresti2024` would pass for strong without these. Written without diacritics: the
 * password is folded the same way before it is checked (`passwords.ts`).
 */
const COMMON_WORDS = [
  'parola', 'parolamea', 'parolanoua', 'iubire', 'dragoste', 'iubita', 'iubitul', 'romania', 'bucuresti', 'noroc',
  'fericire', 'soare', 'floare', 'mama', 'tata', 'mamaia', 'familia', 'copii', 'pisica', 'catel',
  'printesa', 'ingeras', 'ingerasul', 'dumnezeu', 'hristos', 'libertate', 'acasa', 'masina', 'salut', 'bunaziua',
  'buna', 'frumoasa', 'frumos', 'viata', 'prieten', 'prietena', 'sufletul', 'comoara', 'puiut', 'puiu',
  'steaua', 'dinamo', 'rapid', 'craiova', 'fotbal', 'muzica', 'vacanta', 'munte', 'mare', 'primavara',
  'vara', 'toamna', 'iarna', 'craciun', 'paste', 'ianuarie', 'februarie', 'martie', 'aprilie', 'mai',
  'iunie', 'iulie', 'august', 'septembrie', 'octombrie', 'noiembrie', 'decembrie', 'luni', 'marti', 'miercuri',
  'joi', 'vineri', 'sambata', 'duminica', 'unu', 'doi', 'trei', 'patru', 'cinci', 'zece',
]

/** The broker's own vocabulary: the first words an attacker tries against an insurance site. */
const SITE_WORDS = ['asiguro', 'asigurare', 'asigurari', 'asigurarea', 'polita', 'politia', 'casco', 'rca', 'rovinieta', 'vigneta', 'broker', 'daune']

const FIRST_NAMES = [
  'maria', 'ion', 'andrei', 'alexandru', 'elena', 'ana', 'mihai', 'ioana', 'gabriel', 'cristina',
  'florin', 'daniel', 'adrian', 'andreea', 'gheorghe', 'vasile', 'constantin', 'mihaela', 'alexandra', 'ionut',
  'stefan', 'george', 'nicolae', 'dumitru', 'marian', 'razvan', 'bogdan', 'cristian', 'larisa', 'bianca',
]

const CITIES = [
  'timisoara', 'cluj', 'clujnapoca', 'iasi', 'constanta', 'brasov', 'galati', 'ploiesti', 'oradea', 'braila',
  'pitesti', 'sibiu', 'bacau', 'targumures', 'baiamare', 'buzau', 'botosani', 'satumare', 'suceava', 'ramnicuvalcea',
  'piatraneamt', 'focsani', 'targujiu', 'tulcea', 'resita', 'slatina', 'albaiulia', 'deva', 'zalau', 'vaslui',
  'mangalia', 'sinaia', 'predeal', 'transilvania', 'moldova', 'muntenia', 'oltenia', 'banat', 'dobrogea', 'ardeal',
]

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** The counties by name, whole and joined (`bistrita-nasaud`, `bistritanasaud`, `bistrita`, `nasaud`). */
const COUNTY_WORDS = counties.flatMap(({ name }) => {
  const folded = fold(name)
  return [folded, folded.replace(/[\s-]+/g, ''), ...folded.split(/[\s-]+/)]
})

export const ROMANIAN_PASSWORD_WORDS: readonly string[] = [...new Set([...COMMON_WORDS, ...SITE_WORDS, ...FIRST_NAMES, ...CITIES, ...COUNTY_WORDS])]
