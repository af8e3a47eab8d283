import type { Locale } from '~/i18n/locales'

/**
 * Sentences for people in API error bodies (`pretty_message`), in every site language.
 * The API also runs as a plain Node process without the Lingui compiler, so its few
 * sentences live here; the `satisfies` makes a missing translation a type error. A few are
 * the field sentences of a 422 (`captcha_failed`, `redirect_reserved_path`, `redirect_loop`, `google_*`).
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
    invalid_confirmation_token: 'Linkul de confirmare nu mai este valabil. Cereți unul nou din contul dumneavoastră.',
    captcha_failed: 'Verificarea anti-robot nu a reușit. Vă rugăm să încercați din nou.',
    redirect_invalid: 'Regula de redirecționare nu este validă.',
    redirect_reserved_path: 'Această adresă nu poate fi redirecționată.',
    redirect_loop: 'Destinația este chiar adresa redirecționată.',
    two_factor_required: 'Confirmați mai întâi autentificarea în doi pași.',
    two_factor_already_enabled: 'Autentificarea în doi pași este deja activă.',
    two_factor_unavailable: 'Această metodă de autentificare în doi pași nu este disponibilă.',
    google_sign_in_disabled: 'Autentificarea cu Google nu este disponibilă.',
    google_token_invalid: 'Autentificarea cu Google nu a putut fi confirmată. Vă rugăm să încercați din nou.',
    google_email_unverified: 'Google nu a confirmat adresa de e-mail a acestui cont Google.',
    google_account_mismatch: 'Această adresă de e-mail este legată de alt cont Google.',
    google_unavailable: 'Google nu răspunde acum. Vă rugăm să încercați din nou în câteva minute.',
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
    invalid_confirmation_token: 'This confirmation link is no longer valid. Ask for a new one from your account.',
    captcha_failed: 'The anti-robot check failed. Please try again.',
    redirect_invalid: 'The redirect rule is not valid.',
    redirect_reserved_path: 'This path cannot be redirected.',
    redirect_loop: 'The target is the redirected path itself.',
    two_factor_required: 'Confirm the two-step sign-in first.',
    two_factor_already_enabled: 'Two-step sign-in is already on.',
    two_factor_unavailable: 'This two-step sign-in method is not available.',
    google_sign_in_disabled: 'Google sign-in is not available.',
    google_token_invalid: 'Google sign-in could not be confirmed. Please try again.',
    google_email_unverified: 'Google has not confirmed the e-mail address of this Google account.',
    google_account_mismatch: 'This e-mail address is linked to another Google account.',
    google_unavailable: 'Google is not answering right now. Please try again in a few minutes.',
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
    invalid_confirmation_token: 'Ce lien de confirmation n’est plus valable. Demandez-en un nouveau depuis votre compte.',
    captcha_failed: 'La vérification anti-robot a échoué. Veuillez réessayer.',
    redirect_invalid: 'La règle de redirection n’est pas valide.',
    redirect_reserved_path: 'Cette adresse ne peut pas être redirigée.',
    redirect_loop: 'La destination est l’adresse redirigée elle-même.',
    two_factor_required: 'Confirmez d’abord la connexion en deux étapes.',
    two_factor_already_enabled: 'La connexion en deux étapes est déjà activée.',
    two_factor_unavailable: 'Cette méthode de connexion en deux étapes n’est pas disponible.',
    google_sign_in_disabled: 'La connexion avec Google n’est pas disponible.',
    google_token_invalid: 'La connexion avec Google n’a pas pu être confirmée. Veuillez réessayer.',
    google_email_unverified: 'Google n’a pas confirmé l’adresse e-mail de ce compte Google.',
    google_account_mismatch: 'Cette adresse e-mail est liée à un autre compte Google.',
    google_unavailable: 'Google ne répond pas pour le moment. Veuillez réessayer dans quelques minutes.',
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
    code_format: 'Codul are 6 cifre.',
    invalid_two_factor_code: 'Codul nu este corect sau a expirat.',
    two_factor_not_enrolling: 'Configurarea a expirat. Începeți din nou.',
    invalid_recovery_key: 'Cheia de recuperare nu este corectă.',
    confirmation_required: 'Introduceți parola actuală sau un cod.',
    current_password_wrong: 'Parola actuală nu este corectă.',
    password_wrong: 'Parola nu este corectă.',
    email_unchanged: 'Aceasta este deja adresa contului dumneavoastră.',
  },
  en: {
    mismatch: 'The passwords do not match.',
    password_too_short: 'The password must have at least 12 characters.',
    password_too_long: 'The password may have at most 128 characters.',
    password_common: 'This password is too common or has appeared in data leaks. Choose another.',
    password_personal: 'The password must not contain your name or e-mail address.',
    email_taken: 'An account with this e-mail address already exists.',
    code_format: 'The code has 6 digits.',
    invalid_two_factor_code: 'The code is not correct or has expired.',
    two_factor_not_enrolling: 'The set-up has expired. Start again.',
    invalid_recovery_key: 'The recovery key is not correct.',
    confirmation_required: 'Enter your current password or a code.',
    current_password_wrong: 'The current password is not correct.',
    password_wrong: 'The password is not correct.',
    email_unchanged: 'This is already the address of your account.',
  },
  fr: {
    mismatch: 'Les mots de passe ne correspondent pas.',
    password_too_short: 'Le mot de passe doit comporter au moins 12 caractères.',
    password_too_long: 'Le mot de passe peut comporter au plus 128 caractères.',
    password_common: 'Ce mot de passe est trop courant ou a fuité. Choisissez-en un autre.',
    password_personal: 'Le mot de passe ne doit contenir ni votre nom ni votre adresse e-mail.',
    email_taken: 'Un compte existe déjà avec cette adresse e-mail.',
    code_format: 'Le code comporte 6 chiffres.',
    invalid_two_factor_code: 'Le code est incorrect ou a expiré.',
    two_factor_not_enrolling: 'La configuration a expiré. Recommencez.',
    invalid_recovery_key: 'La clé de récupération est incorrecte.',
    confirmation_required: 'Saisissez votre mot de passe actuel ou un code.',
    current_password_wrong: 'Le mot de passe actuel est incorrect.',
    password_wrong: 'Le mot de passe est incorrect.',
    email_unchanged: 'C’est déjà l’adresse de votre compte.',
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
