import type { Locale } from '~/i18n/locales'

/** Field sentences of the quote engine's own parameters (the product requests have their own tables). */
export const quoteFieldMessages = {
  ro: {
    quote_id_invalid: 'Identificatorul ofertei nu este corect. Folosiți adresa primită când ați cerut oferta.',
    offer_id_invalid: 'Identificatorul ofertei alese nu este corect. Alegeți din nou oferta din listă.',
    poll_after_invalid: 'Parametrul „after” este numărul de asigurători care au răspuns deja: un număr întreg între 0 și 1000.',
    poll_wait_invalid: 'Parametrul „wait” este numărul de secunde de așteptare: între 0 și 25.',
    lookup_plate_invalid: 'Introduceți numărul de înmatriculare al vehiculului, de exemplu B 123 ABC.',
    lookup_vin_invalid: 'Introduceți seria de șasiu (VIN) din certificatul de înmatriculare: 17 litere și cifre, fără I, O și Q.',
  },
  en: {
    quote_id_invalid: 'The quote identifier is not correct. Use the address you received when you asked for the quote.',
    offer_id_invalid: 'The identifier of the chosen offer is not correct. Choose the offer from the list again.',
    poll_after_invalid: 'The “after” parameter is the number of insurers that have already answered: a whole number from 0 to 1000.',
    poll_wait_invalid: 'The “wait” parameter is the number of seconds to wait: from 0 to 25.',
    lookup_plate_invalid: 'Enter the vehicle’s registration plate, for example B 123 ABC.',
    lookup_vin_invalid: 'Enter the vehicle identification number (VIN) from the registration certificate: 17 letters and digits, without I, O and Q.',
  },
  fr: {
    quote_id_invalid: 'L’identifiant du devis est incorrect. Utilisez l’adresse reçue lors de votre demande.',
    offer_id_invalid: 'L’identifiant de l’offre choisie est incorrect. Choisissez de nouveau l’offre dans la liste.',
    poll_after_invalid: 'Le paramètre « after » est le nombre d’assureurs ayant déjà répondu : un nombre entier de 0 à 1000.',
    poll_wait_invalid: 'Le paramètre « wait » est le nombre de secondes d’attente : de 0 à 25.',
    lookup_plate_invalid: 'Saisissez le numéro d’immatriculation du véhicule, par exemple B 123 ABC.',
    lookup_vin_invalid: 'Saisissez le numéro d’identification du véhicule (VIN) figurant sur le certificat d’immatriculation : 17 lettres et chiffres, sans I, O ni Q.',
  },
} as const satisfies Record<Locale, Record<string, string>>
// Every language must have exactly the keys of Romanian.
quoteFieldMessages satisfies Record<Locale, Record<keyof (typeof quoteFieldMessages)['ro'], string>>
