import type { Locale } from '~/i18n/locales'

/**
 * Sentences for people in API error bodies (`pretty_message`), in every site language.
 * The API also runs as a plain Node process without the Lingui compiler, so its few
 * sentences live here; the `satisfies` makes a missing translation a type error. A few are
 * the field sentences of a 422 (`captcha_failed`, `redirect_reserved_path`, `redirect_loop`).
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
    partner_not_found: 'Partenerul căutat nu există.',
    too_many_requests: 'Prea multe încercări. Vă rugăm să reveniți puțin mai târziu.',
    invalid_credentials: 'Adresa de e-mail sau parola nu este corectă.',
    account_is_deleted: 'Acest cont a fost șters.',
    invalid_reset_token: 'Linkul de resetare nu mai este valabil. Cereți unul nou.',
    captcha_failed: 'Verificarea anti-robot nu a reușit. Vă rugăm să încercați din nou.',
    redirect_invalid: 'Regula de redirecționare nu este validă.',
    redirect_reserved_path: 'Această adresă nu poate fi redirecționată.',
    redirect_loop: 'Destinația este chiar adresa redirecționată.',
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
    partner_not_found: 'There is no such partner.',
    too_many_requests: 'Too many attempts. Please try again a little later.',
    invalid_credentials: 'The e-mail address or the password is not correct.',
    account_is_deleted: 'This account has been deleted.',
    invalid_reset_token: 'This reset link is no longer valid. Ask for a new one.',
    captcha_failed: 'The anti-robot check failed. Please try again.',
    redirect_invalid: 'The redirect rule is not valid.',
    redirect_reserved_path: 'This path cannot be redirected.',
    redirect_loop: 'The target is the redirected path itself.',
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
    partner_not_found: 'Ce partenaire n’existe pas.',
    too_many_requests: 'Trop de tentatives. Veuillez réessayer un peu plus tard.',
    invalid_credentials: 'L’adresse e-mail ou le mot de passe est incorrect.',
    account_is_deleted: 'Ce compte a été supprimé.',
    invalid_reset_token: 'Ce lien de réinitialisation n’est plus valable. Demandez-en un nouveau.',
    captcha_failed: 'La vérification anti-robot a échoué. Veuillez réessayer.',
    redirect_invalid: 'La règle de redirection n’est pas valide.',
    redirect_reserved_path: 'Cette adresse ne peut pas être redirigée.',
    redirect_loop: 'La destination est l’adresse redirigée elle-même.',
  },
} as const satisfies Record<Locale, Record<string, string>>

export type MessageKey = keyof (typeof messages)['ro']
// Every language must have exactly the keys of Romanian.
messages satisfies Record<Locale, Record<MessageKey, string>>

export function prettyMessage(locale: Locale, key: MessageKey): string {
  return messages[locale][key]
}

/**
 * Messages of 422 fields that zod's own locale maps do not cover: contract schemas and
 * handlers use these keys as messages; the API translates them.
 */
const fieldMessages = {
  ro: {
    mismatch: 'Parolele nu coincid.',
    password_too_short: 'Parola trebuie să aibă cel puțin 12 caractere.',
    password_too_long: 'Parola poate avea cel mult 128 de caractere.',
    password_common: 'Această parolă este prea des folosită sau a apărut în scurgeri de date. Alegeți alta.',
    password_personal: 'Parola nu trebuie să conțină numele sau adresa de e-mail.',
    email_taken: 'Există deja un cont cu această adresă de e-mail.',
  },
  en: {
    mismatch: 'The passwords do not match.',
    password_too_short: 'The password must have at least 12 characters.',
    password_too_long: 'The password may have at most 128 characters.',
    password_common: 'This password is too common or has appeared in data leaks. Choose another.',
    password_personal: 'The password must not contain your name or e-mail address.',
    email_taken: 'An account with this e-mail address already exists.',
  },
  fr: {
    mismatch: 'Les mots de passe ne correspondent pas.',
    password_too_short: 'Le mot de passe doit comporter au moins 12 caractères.',
    password_too_long: 'Le mot de passe peut comporter au plus 128 caractères.',
    password_common: 'Ce mot de passe est trop courant ou a fuité. Choisissez-en un autre.',
    password_personal: 'Le mot de passe ne doit contenir ni votre nom ni votre adresse e-mail.',
    email_taken: 'Un compte existe déjà avec cette adresse e-mail.',
  },
} as const satisfies Record<Locale, Record<string, string>>

export type FieldMessageKey = keyof (typeof fieldMessages)['ro']
fieldMessages satisfies Record<Locale, Record<FieldMessageKey, string>>

export function isFieldMessageKey(value: string): value is FieldMessageKey {
  return Object.hasOwn(fieldMessages.ro, value)
}

export function fieldMessage(locale: Locale, key: FieldMessageKey): string {
  return fieldMessages[locale][key]
}
