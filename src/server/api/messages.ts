import type { Locale } from '~/i18n/locales'

/**
 * Sentences for people in API error bodies (`pretty_message`), in every site language.
 * The API also runs as a plain Node process without the Lingui compiler, so its few
 * sentences live here; the `satisfies` makes a missing translation a type error.
 */
const messages = {
  ro: {
    bad_request: 'Cererea nu a putut fi citită.',
    invalid_json: 'Corpul cererii nu este JSON valid.',
    unauthenticated: 'Trebuie să vă autentificați.',
    forbidden: 'Nu aveți acces la această resursă.',
    not_found: 'Resursa căutată nu există.',
    method_not_allowed: 'Metoda nu este permisă pentru această adresă.',
    payload_too_large: 'Cererea este prea mare.',
    unsupported_media_type: 'Tipul conținutului nu este acceptat.',
    validation_failed: 'Unele câmpuri nu sunt valide.',
    maintenance: 'Site-ul este în mentenanță. Revenim în curând.',
    internal_error: 'A apărut o eroare neașteptată. Vă rugăm să încercați din nou.',
  },
  en: {
    bad_request: 'The request could not be read.',
    invalid_json: 'The request body is not valid JSON.',
    unauthenticated: 'You need to sign in.',
    forbidden: 'You do not have access to this resource.',
    not_found: 'The resource you asked for does not exist.',
    method_not_allowed: 'This method is not allowed for this address.',
    payload_too_large: 'The request is too large.',
    unsupported_media_type: 'This content type is not accepted.',
    validation_failed: 'Some fields are not valid.',
    maintenance: 'The site is under maintenance. We will be back soon.',
    internal_error: 'Something unexpected went wrong. Please try again.',
  },
  fr: {
    bad_request: 'La requête n’a pas pu être lue.',
    invalid_json: 'Le corps de la requête n’est pas un JSON valide.',
    unauthenticated: 'Vous devez vous connecter.',
    forbidden: 'Vous n’avez pas accès à cette ressource.',
    not_found: 'La ressource demandée n’existe pas.',
    method_not_allowed: 'Cette méthode n’est pas autorisée pour cette adresse.',
    payload_too_large: 'La requête est trop volumineuse.',
    unsupported_media_type: 'Ce type de contenu n’est pas accepté.',
    validation_failed: 'Certains champs ne sont pas valides.',
    maintenance: 'Le site est en maintenance. Nous revenons bientôt.',
    internal_error: 'Une erreur inattendue s’est produite. Veuillez réessayer.',
  },
} as const satisfies Record<Locale, Record<string, string>>

export type MessageKey = keyof (typeof messages)['ro']
// Every language must have exactly the keys of Romanian.
messages satisfies Record<Locale, Record<MessageKey, string>>

export function prettyMessage(locale: Locale, key: MessageKey): string {
  return messages[locale][key]
}
