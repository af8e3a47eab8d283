import type { Locale } from '~/i18n/locales'

/** Field sentences of direct booking: road assistance and claims help (decision 70). */
export const directBookingFieldMessages = {
  ro: {
    booking_kind_required: 'Alegeți ce s-a întâmplat: pană, accident cu cealaltă parte, accident fără cealaltă parte sau tractare.',
    booking_vehicle_invalid: 'Alegeți unul dintre vehiculele din cont sau scrieți numărul de înmatriculare.',
    booking_plate_required: 'Scrieți numărul de înmatriculare al vehiculului, de exemplu B 123 ABC.',
    booking_plate_format: 'Scrieți numărul de înmatriculare așa cum apare pe plăcuță, de exemplu B 123 ABC (2–10 litere și cifre).',
    booking_location_required: 'Spuneți-ne unde sunteți: scrieți adresa sau un reper, ori folosiți poziția telefonului.',
    booking_address_too_long: 'Adresa poate avea cel mult 300 de caractere.',
    booking_coordinates_invalid: 'Poziția primită nu este validă. Folosiți din nou butonul pentru poziție sau scrieți adresa.',
    booking_phone_required: 'Scrieți numărul de telefon la care vă putem suna acum.',
    booking_phone_invalid: 'Scrieți un număr de telefon valid, de exemplu 0722 123 456 sau, pentru un număr din străinătate, +33 6 12 34 56 78.',
    booking_email_required: 'Scrieți adresa de e-mail: acolo vă trimitem referința și fiecare schimbare a stării.',
    booking_note_too_long: 'Mesajul poate avea cel mult 1.000 de caractere.',
    booking_status_invalid: 'Starea poate fi: received, dispatched, in_progress, closed sau cancelled.',
    booking_status_not_allowed: 'Cererea nu poate trece în această stare din starea actuală.',
  },
  en: {
    booking_kind_required: 'Choose what happened: a breakdown, an accident with the other party, an accident without the other party, or towing.',
    booking_vehicle_invalid: 'Choose one of the vehicles in your account or type the registration plate.',
    booking_plate_required: 'Type the vehicle’s registration plate, for example B 123 ABC.',
    booking_plate_format: 'Type the registration plate as it appears on the vehicle, for example B 123 ABC (2–10 letters and digits).',
    booking_location_required: 'Tell us where you are: type the address or a landmark, or use your phone’s location.',
    booking_address_too_long: 'The address may have at most 300 characters.',
    booking_coordinates_invalid: 'The location received is not valid. Use the location button again or type the address.',
    booking_phone_required: 'Type the phone number we can call you on now.',
    booking_phone_invalid: 'Type a valid phone number, for example 0722 123 456 or, for a number abroad, +33 6 12 34 56 78.',
    booking_email_required: 'Type your e-mail address: we send the reference and every change of status there.',
    booking_note_too_long: 'The message may have at most 1,000 characters.',
    booking_status_invalid: 'The status is one of: received, dispatched, in_progress, closed or cancelled.',
    booking_status_not_allowed: 'The request cannot move to this status from its current one.',
  },
  fr: {
    booking_kind_required: 'Choisissez ce qui s’est passé : une panne, un accident avec l’autre partie, un accident sans l’autre partie ou un remorquage.',
    booking_vehicle_invalid: 'Choisissez l’un des véhicules de votre compte ou saisissez le numéro d’immatriculation.',
    booking_plate_required: 'Saisissez le numéro d’immatriculation du véhicule, par exemple B 123 ABC.',
    booking_plate_format: 'Saisissez le numéro d’immatriculation tel qu’il figure sur la plaque, par exemple B 123 ABC (2 à 10 lettres et chiffres).',
    booking_location_required: 'Dites-nous où vous êtes : saisissez l’adresse ou un repère, ou utilisez la position de votre téléphone.',
    booking_address_too_long: 'L’adresse peut comporter au plus 300 caractères.',
    booking_coordinates_invalid: 'La position reçue n’est pas valide. Utilisez à nouveau le bouton de position ou saisissez l’adresse.',
    booking_phone_required: 'Saisissez le numéro de téléphone auquel nous pouvons vous appeler maintenant.',
    booking_phone_invalid: 'Saisissez un numéro de téléphone valide, par exemple 0722 123 456 ou, pour un numéro étranger, +33 6 12 34 56 78.',
    booking_email_required: 'Saisissez votre adresse e-mail : nous y envoyons la référence et chaque changement de statut.',
    booking_note_too_long: 'Le message peut comporter au plus 1 000 caractères.',
    booking_status_invalid: 'Le statut est l’un de : received, dispatched, in_progress, closed ou cancelled.',
    booking_status_not_allowed: 'La demande ne peut pas passer à ce statut depuis son statut actuel.',
  },
} as const satisfies Record<Locale, Record<string, string>>
// Every language must have exactly the keys of Romanian.
directBookingFieldMessages satisfies Record<Locale, Record<keyof (typeof directBookingFieldMessages)['ro'], string>>
